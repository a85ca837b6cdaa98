/**
 * Resources served from PostgreSQL, and change events carried between a server's replicas on
 * {@code LISTEN}/{@code NOTIFY}: {@link dev.jmcp.postgres.PostgresResourceProvider} (the rows of the
 * table that {@code jmcp-resources.sql} creates), {@link dev.jmcp.postgres.PostgresChangeEvents}
 * (usable with any provider), {@link dev.jmcp.postgres.PostgresResources} (both at once) and
 * {@link dev.jmcp.postgres.PostgresSettings}. Connections come from the user's
 * {@link javax.sql.DataSource}; the module reads no system property.
 */
module dev.jmcp.postgres {
    requires transitive dev.jmcp.core;
    requires transitive java.sql;
    requires org.postgresql.jdbc;

    exports dev.jmcp.postgres;
}
