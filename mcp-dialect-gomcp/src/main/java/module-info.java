/**
 * The resources protocol of gomcp, a Go MCP library, as a {@link dev.jmcp.core.spi.ResourceDialect}
 * with the id {@code gomcp}: a jmcp server built with it answers gomcp clients over its resource
 * providers, and jmcp's client reads gomcp servers with it. Found through
 * {@link java.util.ServiceLoader}; chosen by id ({@code jmcp serve --dialect gomcp}).
 *
 * <p>Knobs: the server side's limits are the server's
 * {@link dev.jmcp.core.resources.ResourceSettings}: {@code pageSize} for a page of
 * {@code resources/list}, {@code maxSubscriptionsPerSession} for {@code uris[]} subscriptions, and
 * {@code versionSettle} and {@code maxPendingVersionAnnouncements} for announcing a changed
 * resource again, with its version, once its provider gives one (on a daemon thread named
 * {@code jmcp-gomcp-versions}, which ends when the server closes).
 */
module dev.jmcp.dialect.gomcp {
    requires transitive dev.jmcp.core;

    exports dev.jmcp.dialect.gomcp;
    // the codec writes the dialect's wire records: it needs to reach their accessors
    exports dev.jmcp.dialect.gomcp.internal.wire to dev.jmcp.schema;

    provides dev.jmcp.core.spi.ResourceDialect with dev.jmcp.dialect.gomcp.GomcpDialect;
}
