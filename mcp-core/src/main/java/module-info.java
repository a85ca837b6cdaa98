/**
 * The MCP protocol engine: sessions, lifecycle and dispatch to features, over any transport.
 *
 * <p>Packages: {@code dev.jmcp.core.session} (server and client sessions, handlers, settings),
 * {@code dev.jmcp.core.spi} (what a transport implements), {@code dev.jmcp.core.transport} (the
 * in-memory transport). {@code dev.jmcp.core} will hold the higher-level API that adds features.
 *
 * <p>Knobs: the module reads no system property. Each session's limits are the named settings of
 * {@link dev.jmcp.core.session.SessionSettings}: {@code requestTimeout} (60 s),
 * {@code maxInFlightRequests} (64) and {@code handlerThreads} (4). A session owns daemon threads
 * named {@code jmcp-server-<n>-handler-<k>} / {@code jmcp-client-<n>-...} and one
 * {@code ...-timer-1}; all end when it closes. Logging goes through {@code System.Logger} under the
 * class names of {@code dev.jmcp.core.*}; nothing is written to standard output.
 */
module dev.jmcp.core {
    requires transitive dev.jmcp.schema;

    // dev.jmcp.core is exported once it holds the higher-level McpServer/McpClient: javac refuses
    // to export a package that holds only package-info
    exports dev.jmcp.core.session;
    exports dev.jmcp.core.spi;
    exports dev.jmcp.core.transport;
}
