/**
 * The MCP protocol engine: sessions, lifecycle, dispatch to features, and the resources feature.
 * Filled in by the protocol-core step; for now it only fixes the module's place in the graph.
 */
module dev.jmcp.core {
    requires transitive dev.jmcp.schema;

    exports dev.jmcp.core;
}
