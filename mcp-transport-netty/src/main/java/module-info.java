/**
 * Streamable HTTP on Netty.
 * Filled in by the Netty transport step; for now it only fixes the module's place in the graph.
 */
module dev.jmcp.transport.netty {
    requires transitive dev.jmcp.core;

    exports dev.jmcp.transport.netty;
}
