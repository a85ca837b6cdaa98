package dev.jmcp.cli;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.jmcp.core.McpServer;
import dev.jmcp.postgres.PostgresResources;
import dev.jmcp.postgres.PostgresSettings;

/**
 * {@code jmcp serve --postgres JDBC_URL}: the rows of the table of {@code jmcp-resources.sql} as
 * resources, and change events on the same database, so that replicas of the command behind a load
 * balancer hear each other's changes and the writes made in plain SQL. The command builds a small
 * pool for it ({@link #POOL_SIZE} connections, one of which listens), closed with the server.
 */
final class PostgresArgs {
    /** Connections of the pool: one held to listen, the rest for reads (each read takes one per query). */
    static final int POOL_SIZE = 8;

    static final String HELP = """
              --postgres JDBC_URL    serve the rows of the table jmcp_resources of a PostgreSQL
                                     database (jdbc:postgresql://HOST:PORT/DB?user=U&password=P;
                                     the table and its triggers are made by jmcp-resources.sql,
                                     in the mcp-postgres jar), and hear its changes, and those
                                     of the other replicas, on LISTEN/NOTIFY
            """;

    private PostgresArgs() {
    }

    /** @return {@code spec} with the options of this class */
    static Args.Spec options(Args.Spec spec) {
        return spec.option("--postgres");
    }

    /**
     * Adds the PostgreSQL provider and change events to {@code builder} when the command line says
     * {@code --postgres}.
     *
     * @return what is served, for messages; null without {@code --postgres}
     * @throws CliException ({@link Exit#USAGE}) when the URL is not a PostgreSQL JDBC URL
     */
    static Pool apply(Args args, McpServer.Builder builder) {
        String url = args.value("--postgres").orElse(null);
        if (url == null) {
            return null;
        }
        if (!url.startsWith("jdbc:postgresql:")) {
            throw CliException.usage("--postgres takes a JDBC URL of PostgreSQL (jdbc:postgresql://HOST:PORT/DB), was '"
                    + redacted(url) + "'");
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(POOL_SIZE);
        config.setPoolName("jmcp-postgres");
        // a database that is down fails the first read clearly, rather than the command's start
        config.setInitializationFailTimeout(-1);
        HikariDataSource pool = new HikariDataSource(config);
        PostgresResources.install(builder, pool, PostgresSettings.defaults());
        return new Pool(pool, "the PostgreSQL table " + PostgresSettings.DEFAULT_TABLE + " at " + redacted(url));
    }

    /** The pool built, to close with the server, and how to name what is served. */
    record Pool(HikariDataSource dataSource, String served) {
        /** Closes the pool when {@code server} closes. */
        McpServer closedWith(McpServer server) {
            server.onClose().whenComplete((ignored, failure) -> dataSource.close());
            return server;
        }
    }

    /** @return the URL without its query (a password may be there) */
    private static String redacted(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query) + "?...";
    }
}
