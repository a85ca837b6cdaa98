package dev.jmcp.transport.netty.internal.client;

import static dev.jmcp.transport.netty.internal.client.ClientConnection.EVENT_STREAM;
import static dev.jmcp.transport.netty.internal.client.ClientConnection.LOG;

import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.transport.netty.internal.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * The HTTP+SSE transport of 2024-11-05, for a server that refused the {@code initialize} POST: the
 * GET stream that names the endpoint to POST to and carries every answer, and those POSTs. A
 * server that answers a request in the POST's body instead (200 with JSON, or an error status with
 * the JSON-RPC error, as gomcp's does) is read there too.
 */
final class LegacyFallback {
    private final ClientConnection connection;
    /** Completes when the last notification's POST has been answered; guarded by this. */
    private CompletableFuture<Void> afterNotification = CompletableFuture.completedFuture(null);

    LegacyFallback(ClientConnection connection) {
        this.connection = connection;
    }

    CompletableFuture<Void> fallBackToLegacy(JsonRpcPayload initialize, int status, String text) {
        URI target = connection.target;
        return CompletableFuture.supplyAsync(() -> {
            try {
                return connection.sendAuthorized(() -> connection.request(target, "GET").header("Accept", EVENT_STREAM).GET()
                        .build());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new McpException("interrupted while opening the HTTP+SSE stream of " + target, e);
            }
        }, connection.executor).thenComposeAsync(response -> {
            if (response.statusCode() != 200) {
                ClientConnection.close(response.body());
                return CompletableFuture.failedFuture(new McpException("the server answered initialize with HTTP "
                        + status + (text.isEmpty() ? "" : ": " + text) + ", and a GET for an HTTP+SSE stream with HTTP "
                        + response.statusCode()));
            }
            InputStream body = response.body();
            SseReader reader = new SseReader(body);
            String[] endpoint = new String[1];
            try {
                while (endpoint[0] == null && reader.next((event, data) -> {
                    if (event.equals("endpoint")) {
                        endpoint[0] = new String(data.readNBytes(8192), StandardCharsets.UTF_8).strip();
                    }
                })) {
                    // the endpoint event comes first
                }
            } catch (IOException e) {
                ClientConnection.close(body);
                return CompletableFuture.failedFuture(new McpException("the HTTP+SSE stream of " + target
                        + " broke before its endpoint event", e));
            }
            if (endpoint[0] == null) {
                ClientConnection.close(body);
                return CompletableFuture.failedFuture(new McpException("the server answered initialize with HTTP "
                        + status + " and its GET stream sent no endpoint event: not an MCP server?"));
            }
            connection.legacyEndpoint = target.resolve(endpoint[0]);
            LOG.log(Level.DEBUG, "{0} speaks HTTP+SSE (2024-11-05); posting to {1}", target, connection.legacyEndpoint);
            connection.executor.execute(() -> readLegacyStream(reader, body));
            return sendLegacy(connection.legacyEndpoint, initialize);
        }, connection.executor);
    }

    private void readLegacyStream(SseReader reader, InputStream body) {
        connection.openStreams.add(body);
        try {
            while (reader.next((event, data) -> connection.streams().onEvent(event, data, null))) {
                // each message is delivered as it comes
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, "the HTTP+SSE stream of {0} dropped: {1}", connection.target, e.toString());
        } finally {
            connection.openStreams.remove(body);
            ClientConnection.close(body);
        }
        // in HTTP+SSE the stream is the session: without it no answer can arrive
        connection.closeWith(connection.closed.get() ? null
                : new McpException("the HTTP+SSE stream of " + connection.target + " ended"));
    }

    /**
     * Posts {@code payload} once the last notification's POST has been answered: a server that
     * handles each POST on its own (gomcp's does) would otherwise see a request before the
     * {@code initialized} notification that must precede it. A notification is answered at once, so
     * the wait is one round trip.
     */
    CompletableFuture<Void> sendLegacy(URI endpoint, JsonRpcPayload payload) {
        CompletableFuture<Void> sent;
        synchronized (this) {
            sent = afterNotification.isDone() ? post(endpoint, payload)
                    : afterNotification.thenCompose(ignored -> post(endpoint, payload));
            if (payload instanceof JsonRpcNotification) {
                afterNotification = sent.handle((ok, failure) -> null);
            }
        }
        return sent;
    }

    private CompletableFuture<Void> post(URI endpoint, JsonRpcPayload payload) {
        HttpRequest.BodyPublisher message = connection.body(payload);
        return CompletableFuture.supplyAsync(() -> {
            try {
                return connection.sendAuthorized(() -> connection.request(endpoint, "POST")
                        .header("Content-Type", "application/json").POST(message).build());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new McpException("interrupted while posting to " + endpoint, e);
            }
        }, connection.executor).thenApply(response -> {
            int status = response.statusCode();
            boolean json = response.headers().firstValue("Content-Type").orElse("").startsWith("application/json");
            if (status == 200 && json && payload instanceof JsonRpcRequest) {
                // some HTTP+SSE servers (gomcp's) answer in the POST's body, and keep the stream for
                // their own messages: the body is the request's answer
                try (InputStream body = response.body()) {
                    connection.readMessage(body);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return (Void) null;
            }
            String text = ClientConnection.text(response.body());
            if (status / 100 != 2 && !(json && payload instanceof JsonRpcRequest answered
                    && connection.answersWithError(answered, text))) {
                throw new McpException("the HTTP+SSE server answered the POST with HTTP " + status
                        + (text.isEmpty() ? "" : ": " + text));
            }
            return (Void) null;
        }).exceptionallyCompose(failure -> CompletableFuture.failedFuture(connection.wrap(failure, "POST")));
    }
}
