package dev.jmcp.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The table layout the provider serves and the triggers that feed the change events:
 * {@code jmcp-resources.sql}, shipped in this module ({@code dev/jmcp/postgres/jmcp-resources.sql}),
 * whose comments document each column. Run it with {@code psql}, or with {@link #create}.
 *
 * @since 0.1
 */
public final class PostgresSchema {
    /** The resource that holds the script, for {@link Class#getResourceAsStream}. */
    public static final String RESOURCE = "/dev/jmcp/postgres/jmcp-resources.sql";

    private PostgresSchema() {
    }

    /**
     * @param settings the names to use instead of the script's defaults
     * @return the script that creates (or brings up to date) the table, its functions and triggers
     */
    public static String sql(PostgresSettings settings) {
        String script;
        try (InputStream in = PostgresSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the mcp-postgres jar");
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // identifiers were checked ([a-z_][a-z0-9_]*); the root is a string literal, quotes doubled
        return script.replace("jmcp_resources", settings.table()).replace("jmcp_changes", settings.channel())
                .replace("'" + PostgresSettings.DEFAULT_ROOT_URI + "'", "'" + settings.rootUri().replace("'", "''") + "'");
    }

    /**
     * Runs {@link #sql} on a connection of {@code dataSource}, in one transaction.
     *
     * @throws SQLException when the database refuses it (no permission to create, say)
     */
    public static void create(DataSource dataSource, PostgresSettings settings) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try {
                statement.execute(sql(settings));
                connection.commit();
            } catch (SQLException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(autoCommit);
            }
        }
    }
}
