/**
 * Newline-delimited JSON-RPC over a process's stdin and stdout.
 * Filled in by the stdio transport step; for now it only fixes the module's place in the graph,
 * and exports nothing: an exported package must hold a type.
 */
module dev.jmcp.transport.stdio {
    requires transitive dev.jmcp.core;
}
