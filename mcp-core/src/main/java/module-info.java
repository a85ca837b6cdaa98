/**
 * The MCP protocol engine: sessions, lifecycle, dispatch to features, and the resources feature.
 * Filled in by the protocol-core step; for now it only fixes the module's place in the graph,
 * and exports nothing: an exported package must hold a type.
 */
module dev.jmcp.core {
    requires transitive dev.jmcp.schema;
}
