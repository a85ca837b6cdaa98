/**
 * The resources protocol of gomcp, a Go MCP library, as a {@link dev.jmcp.core.spi.ResourceDialect}
 * with the id {@code gomcp}: a jmcp server built with it answers gomcp clients over its resource
 * providers, and jmcp's client reads gomcp servers with it. Found through
 * {@link java.util.ServiceLoader}; chosen by id ({@code jmcp serve --dialect gomcp}).
 */
module dev.jmcp.dialect.gomcp {
    requires transitive dev.jmcp.core;

    exports dev.jmcp.dialect.gomcp;

    provides dev.jmcp.core.spi.ResourceDialect with dev.jmcp.dialect.gomcp.GomcpDialect;
}
