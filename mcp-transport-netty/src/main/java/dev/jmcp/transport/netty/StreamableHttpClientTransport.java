package dev.jmcp.transport.netty;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.transport.netty.internal.client.ClientConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The client end of the Streamable HTTP transport. Each message is its own POST, on Netty, over
 * keep-alive HTTP/1.1 connections (TLS for {@code https}), accepting {@code application/json} and
 * {@code text/event-stream}; the answer is read in either form, and a message of up to 4 MiB is
 * decoded as soon as its last byte arrives. The GET streams, the DELETE and the HTTP+SSE fallback
 * use the JDK's {@link HttpClient}, which does not redirect either. The {@code Mcp-Session-Id} the server gives is sent on every later request, as is
 * {@code MCP-Protocol-Version} once the {@code InitializeResult} has passed through. After
 * {@code notifications/initialized} the client opens the GET stream for the server's own messages
 * (a 405 means the server offers none). A stream that drops before it has carried the answers it
 * owes is resumed with a GET carrying {@code Last-Event-ID}; {@link #close()} sends DELETE. A server
 * that refuses the {@code initialize} POST with 400, 404 or 405 is tried as an HTTP+SSE server of
 * 2024-11-05 (see {@link HttpClientSettings#legacyFallback()}).
 *
 * <p>A message (a JSON body or an SSE event's data) longer than the codec's {@code maxMessageBytes}
 * is read to its end without being kept, and reported as {@code -32600}
 * ({@code "message of N bytes exceeds maxMessageBytes=M"}) with the id of the response it was when
 * its first or last bytes show one ({@link dev.jmcp.core.internal.transport.DroppedMessage}), so that the request
 * waiting for it fails at once. A message that the heap cannot hold while it is parsed is reported
 * the same way, as {@code -32603}.
 *
 * <p>Threads: the daemon thread {@code jmcp-http-client-<n>-io} writes the POSTs and reads their
 * answers; daemon threads named {@code jmcp-http-client-<n>-<k>} read the GET streams, answers longer
 * than 4 MiB, and run the JDK HTTP client's tasks; they end with {@link #close()}. The listener is
 * called by one of them at a time, and must not block: the answers of every later POST wait for it.
 *
 * @since 0.1
 */
public final class StreamableHttpClientTransport implements McpTransport {
    private final ClientConnection connection;

    /**
     * @param target   the MCP endpoint, such as {@code http://127.0.0.1:8765/mcp}; never null
     * @param settings never null
     * @throws IllegalArgumentException when {@code target} is not an http or https URL
     */
    public StreamableHttpClientTransport(URI target, HttpClientSettings settings) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(settings, "settings");
        String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || target.getHost() == null) {
            throw new IllegalArgumentException("an MCP endpoint is an http or https URL, was " + target);
        }
        this.connection = new ClientConnection(target, settings, scheme);
    }

    /** @return the session id the server gave; null before {@code initialize} has been answered */
    public String sessionId() {
        return connection.sessionId();
    }

    /** @return the revision sent as {@code MCP-Protocol-Version}; null before {@code initialize} has been answered */
    public String protocolVersion() {
        return connection.protocolVersion();
    }

    /** @return whether the server turned out to speak the HTTP+SSE transport of 2024-11-05 */
    public boolean isLegacy() {
        return connection.isLegacy();
    }

    @Override
    public void start(Listener value) {
        Objects.requireNonNull(value, "listener");
        connection.start(value);
    }

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        Objects.requireNonNull(payload, "payload");
        return connection.send(payload);
    }

    /** Ends the session with DELETE (waiting at most {@code closeTimeout}), closes every stream; idempotent. */
    @Override
    public void close() {
        connection.close();
    }

    @Override
    public String toString() {
        String sessionId = connection.sessionId();
        return "StreamableHttpClientTransport[" + connection.target() + (sessionId == null ? "" : ", session " + sessionId) + "]";
    }
}
