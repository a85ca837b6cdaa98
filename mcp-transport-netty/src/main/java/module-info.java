/**
 * Streamable HTTP on Netty.
 * Filled in by the Netty transport step; for now it only fixes the module's place in the graph,
 * and exports nothing: an exported package must hold a type.
 */
module dev.jmcp.transport.netty {
    requires transitive dev.jmcp.core;
}
