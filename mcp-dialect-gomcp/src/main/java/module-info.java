/**
 * The resources protocol of gomcp, a Go MCP library, as a {@link dev.jmcp.core.spi.ResourceDialect}
 * with the id {@code gomcp}: a jmcp server built with it answers gomcp clients over its resource
 * providers, and jmcp's client reads gomcp servers with it. Found through
 * {@link java.util.ServiceLoader}; chosen by id ({@code jmcp serve --dialect gomcp}).
 *
 * <p>Knobs: the module reads no system property and has no settings of its own: the server side's
 * limits (a page of {@code resources/list}, {@code uris[]} subscriptions) are the server's
 * {@link dev.jmcp.core.resources.ResourceSettings}, with their defaults there. It starts no thread.
 */
module dev.jmcp.dialect.gomcp {
    requires transitive dev.jmcp.core;

    exports dev.jmcp.dialect.gomcp;
    // the codec writes the dialect's wire records: it needs to reach their accessors
    exports dev.jmcp.dialect.gomcp.internal.wire to dev.jmcp.schema;

    provides dev.jmcp.core.spi.ResourceDialect with dev.jmcp.dialect.gomcp.GomcpDialect;
}
