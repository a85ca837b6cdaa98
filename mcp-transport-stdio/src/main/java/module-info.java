/**
 * The stdio transport of MCP: newline-delimited JSON-RPC over a process's standard input and
 * output, or over any pair of byte streams.
 *
 * <p>{@link dev.jmcp.transport.stdio.StdioTransport} is both ends' transport;
 * {@link dev.jmcp.transport.stdio.StdioTransport#ofSystem()} is a server's over its own stdin and
 * stdout; {@link dev.jmcp.transport.stdio.StdioTransport#spawn} starts a server process and returns
 * the client's {@link dev.jmcp.transport.stdio.StdioClientTransport}. The module provides
 * {@link dev.jmcp.transport.stdio.StdioTransportProvider} ({@code stdio:} URIs) to
 * {@link dev.jmcp.core.spi.TransportProvider}.
 *
 * <p>Knobs: the module reads no system property. Its settings, with their defaults, are on
 * {@link dev.jmcp.transport.stdio.StdioSettings} (a transport, with the memory budget its answers take
 * from while they are made and written, {@code maxResponseBytesInMemory}; the longest line is the codec's, see
 * {@link dev.jmcp.schema.codec.CodecLimits}) and {@link dev.jmcp.transport.stdio.StdioProcessOptions}
 * (a spawned server); a server started with {@link dev.jmcp.core.spi.ServeOptions} takes the
 * transport's by name, as text. Each transport owns daemon threads named {@code jmcp-stdio-reader-<n>}, {@code jmcp-stdio-writer-<n>},
 * for a spawned server whose standard error is forwarded or captured {@code jmcp-stdio-stderr-<n>},
 * and, while it closes in the background, {@code jmcp-stdio-closer-<n>}. Logging goes through
 * {@code System.Logger} under the class names; nothing but protocol messages is ever written to standard output.
 */
module dev.jmcp.transport.stdio {
    requires transitive dev.jmcp.core;

    exports dev.jmcp.transport.stdio;

    provides dev.jmcp.core.spi.TransportProvider with dev.jmcp.transport.stdio.StdioTransportProvider;
}
