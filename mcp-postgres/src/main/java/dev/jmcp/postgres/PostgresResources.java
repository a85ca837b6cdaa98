package dev.jmcp.postgres;

import dev.jmcp.core.McpServer;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * A server's resources in PostgreSQL in one call, as {@code jmcp serve --postgres} sets them up:
 * the table's rows as resources ({@link PostgresResourceProvider}) and change events on the same
 * database ({@link PostgresChangeEvents}), so that every replica of the server hears every write.
 *
 * <pre>{@code
 * McpServer server = PostgresResources.install(McpServer.builder().serverInfo("docs", "1.0"), pool,
 *         PostgresSettings.defaults()).signingKeys(SigningKeys.read(keyFile)).build();
 * }</pre>
 *
 * @since 0.1
 */
public final class PostgresResources {
    /** {@value}: the id of the provider {@link #install} adds. */
    public static final String PROVIDER_ID = "postgres";

    private PostgresResources() {
    }

    /**
     * @param builder    the server being built
     * @param dataSource the user's pool, one connection of which is held to listen; never closed here
     * @param settings   the table, channel and limits
     * @return {@code builder}, with the provider and the change events
     */
    public static McpServer.Builder install(McpServer.Builder builder, DataSource dataSource, PostgresSettings settings) {
        Objects.requireNonNull(builder, "builder");
        return builder.resourceProvider(PostgresResourceProvider.create(PROVIDER_ID, dataSource, settings))
                .changeEvents(PostgresChangeEvents.create(dataSource, settings));
    }
}
