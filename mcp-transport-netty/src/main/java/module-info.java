/**
 * The Streamable HTTP transport of MCP (revisions 2025-03-26 to 2025-11-25, and the stateless
 * 2026-07-28), with the HTTP+SSE transport of 2024-11-05 on its own endpoints: a server on Netty,
 * and a client that sends its POSTs on Netty too (its GET streams, its DELETE and the HTTP+SSE
 * fallback on {@code java.net.http}).
 *
 * <p>{@link dev.jmcp.transport.netty.NettyHttpServer} serves one MCP endpoint to both eras at once.
 * For the handshake era (POST, GET, DELETE): JSON or SSE answers, {@code Mcp-Session-Id} sessions,
 * {@code MCP-Protocol-Version} checks, resumable SSE streams with {@code Last-Event-ID}. For the
 * stateless era (POST only; a POST whose {@code MCP-Protocol-Version} names no handshake revision,
 * or whose {@code _meta} claims the era): the headers checked against the body, and each request
 * served on a transport of its own, answered with JSON or with an SSE stream that ends with the
 * answer, and cancelled when its connection closes. For both: {@code Host} (421) and
 * {@code Origin} (403) validation, and responses (blobs included) that stream with back-pressure
 * instead of being held whole. Given an enabled {@link dev.jmcp.core.auth.ResourceProtection}
 * ({@code McpServer.Builder.protection}), the server is an OAuth 2.1 resource server: RFC 9728
 * metadata at {@code /.well-known/oauth-protected-resource}, and every request to the MCP and
 * HTTP+SSE endpoints needs a bearer token its verifier accepts (else 401, 400, 403 or 503 with a
 * {@code WWW-Authenticate} challenge). {@link dev.jmcp.transport.netty.StreamableHttpClientTransport} is the client end. The
 * module provides {@link dev.jmcp.transport.netty.StreamableHttpTransportProvider} (id
 * {@code http}; schemes {@code http}, {@code https}) to {@link dev.jmcp.core.spi.TransportProvider}.
 *
 * <p>Knobs: the module reads no system property of its own (Netty reads its {@code io.netty.*}
 * ones). The settings, with their defaults, are on {@link dev.jmcp.transport.netty.HttpServerSettings}
 * (a server, with its server-wide budgets: {@code maxResponseBytesInMemory} for answers in the making on
 * every connection and in both eras, {@code maxBufferedRequestBytes}, {@code maxReplayBytes}; the longest
 * request body is the codec's, see {@link dev.jmcp.schema.codec.CodecLimits})
 * and {@link dev.jmcp.transport.netty.HttpClientSettings} (a client). Through
 * {@link dev.jmcp.core.spi.ServeOptions} (as {@code McpServer.serve(URI, ServeOptions)} and
 * {@code jmcp serve --set NAME=VALUE} pass them) the server's are also taken by name, as text, except
 * the codec and the remote-bind permission, which the options carry typed. A server owns daemon threads named
 * {@code jmcp-http-<n>-<k>} (its event loops, which never open or read a blob's file or stream) and
 * {@code jmcp-http-body-<k>} (at most {@code maxBodyProducers}, made when needed: they encode the
 * response bodies that do) and, when protected, {@code jmcp-http-auth-<k>} (at most
 * {@code verifierThreads}, made when needed: they run the token verifier); a client, {@code jmcp-http-client-<n>-io} (the event loop of its
 * POSTs, which decodes their answers and calls the listener) and {@code jmcp-http-client-<n>-<k>}
 * (its streams, plus the JDK HTTP client's own selector thread). Logging goes through
 * {@code System.Logger} under the class names; nothing is written to standard output.
 */
module dev.jmcp.transport.netty {
    requires transitive dev.jmcp.core;
    requires java.net.http;
    requires io.netty.codec.http;
    requires io.netty.codec;
    requires io.netty.handler;
    requires io.netty.transport;
    requires io.netty.buffer;
    requires io.netty.common;

    exports dev.jmcp.transport.netty;

    provides dev.jmcp.core.spi.TransportProvider with dev.jmcp.transport.netty.StreamableHttpTransportProvider;
}
