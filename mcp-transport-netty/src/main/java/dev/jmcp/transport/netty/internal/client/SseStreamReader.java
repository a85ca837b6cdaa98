package dev.jmcp.transport.netty.internal.client;

import static dev.jmcp.transport.netty.internal.client.ClientConnection.EVENT_STREAM;
import static dev.jmcp.transport.netty.internal.client.ClientConnection.LOG;

import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.transport.netty.internal.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.lang.System.Logger.Level;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads the SSE streams of a {@link ClientConnection}: the stream that answers a POST, and the GET
 * stream for the server's own messages. A stream that drops before it has carried the answers it
 * owes, and the GET stream whenever it ends, is resumed with a GET carrying {@code Last-Event-ID}.
 * A resume the server refuses with 410 (it no longer keeps the events after that id) answers each
 * request the stream owed with a {@code -32603} error carrying the server's reason, at once.
 */
final class SseStreamReader {
    private final ClientConnection connection;
    private final AtomicBoolean getStreamStarted = new AtomicBoolean();
    /** Completes once the server has answered the GET stream's request, whatever it answered, or it failed. */
    private final CompletableFuture<Void> getStreamAnswered = new CompletableFuture<>();

    SseStreamReader(ClientConnection connection) {
        this.connection = connection;
    }

    /**
     * Reads an SSE stream, delivering each message, and resumes it with {@code Last-Event-ID} when it
     * drops while it still owes answers (a POST's stream), or whenever it ends (the GET stream, which
     * is reopened until the session ends). Gives up after {@code maxReconnectAttempts} reconnections
     * in a row that brought nothing.
     *
     * @param first       the stream, or null to begin with resuming it (it was read elsewhere up to
     *                    {@code lastEventId})
     * @param owed        the ids of the requests whose answers the stream owes; null for the GET stream
     * @param lastEventId the id of the last event read before {@code first}; may be null
     * @param retry       the last {@code retry} the server asked for before {@code first}; may be null
     */
    void readStream(InputStream first, Set<RequestId> owed, String lastEventId, Long retry) {
        InputStream body = first;
        int failures = 0;
        while (true) {
            if (body != null) {
                SseReader reader = new SseReader(body);
                connection.openStreams.add(body);
                boolean received = false;
                try {
                    while (reader.next((event, data) -> onEvent(event, data, owed))) {
                        received = true;
                        if (reader.lastEventId() != null) {
                            lastEventId = reader.lastEventId();
                        }
                    }
                    // read to the end even once every answer is in (the server ends a POST's stream
                    // right after them): java.net.http may already have pooled the connection when
                    // the last chunk arrived, and closing the body early would close it under the
                    // next request
                } catch (IOException | RuntimeException e) {
                    LOG.log(Level.DEBUG, "a stream from {0} dropped: {1}", connection.target, e.toString());
                } finally {
                    connection.openStreams.remove(body);
                    ClientConnection.close(body);
                }
                retry = reader.retryMillis() != null ? reader.retryMillis() : retry;
                failures = received ? 0 : failures;
                body = null;
            }
            if (connection.closed.get() || owed != null && owed.isEmpty()) {
                return;
            }
            if (owed != null && lastEventId == null) {
                LOG.log(Level.WARNING, "a stream from {0} ended without the answers to {1} and cannot be resumed "
                        + "(it sent no event id); those requests will time out", connection.target, owed);
                return;
            }
            if (++failures > connection.settings.maxReconnectAttempts()) {
                LOG.log(Level.WARNING, "gave up reconnecting a stream from {0} after maxReconnectAttempts={1}",
                        connection.target, String.valueOf(connection.settings.maxReconnectAttempts()));
                return;
            }
            if (!connection.pause(retry != null ? Duration.ofMillis(retry) : connection.settings.reconnectDelay())) {
                return;
            }
            String resumeFrom = lastEventId;
            try {
                // made anew for each try: a new authorization changes its Authorization header
                HttpResponse<InputStream> response = connection.sendAuthorized(() -> {
                    HttpRequest.Builder request = connection.request(connection.target, "GET").header("Accept", EVENT_STREAM)
                            .GET();
                    if (resumeFrom != null) {
                        request.header("Last-Event-ID", resumeFrom);
                    }
                    return request.build();
                });
                if (response.statusCode() == 200) {
                    body = response.body();
                    continue;
                }
                String text = ClientConnection.text(response.body());
                if (response.statusCode() == 404 && connection.sessionId != null) {
                    connection.closeWith(new McpException("the server has ended session " + connection.sessionId
                            + " (HTTP 404)"));
                    return;
                }
                if (response.statusCode() == 410 && owed != null) {
                    // the server no longer keeps what followed lastEventId: the answers will never come
                    connection.answerLost(owed, "the stream that owed this answer cannot be resumed from "
                            + "Last-Event-ID " + lastEventId + ": HTTP 410 " + text);
                    return;
                }
                if (response.statusCode() == 405 || response.statusCode() == 409) {
                    LOG.log(Level.DEBUG, "{0} will not reopen the stream: HTTP {1} {2}", connection.target,
                            String.valueOf(response.statusCode()), text);
                    return;
                }
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "reconnecting a stream from {0} failed: {1}", connection.target, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    void onEvent(String event, InputStream data, Set<RequestId> owed) throws IOException {
        if (!event.equals("message")) {
            return;
        }
        PushbackInputStream in = new PushbackInputStream(data, 1);
        int first = in.read();
        if (first < 0) {
            return; // a priming event: only its id matters
        }
        in.unread(first);
        JsonRpcPayload payload = connection.readMessage(in);
        if (payload != null && owed != null) {
            for (JsonRpcMessage message : messages(payload)) {
                if (message instanceof JsonRpcResultResponse response) {
                    owed.remove(response.id());
                } else if (message instanceof JsonRpcErrorResponse response && response.id() != null) {
                    owed.remove(response.id());
                }
            }
        }
    }

    /** Opens the GET stream for the server's own messages, once. */
    void openGetStream() {
        if (getStreamStarted.compareAndSet(false, true) && !connection.closed.get()) {
            connection.executor.execute(() -> {
                try {
                    HttpResponse<InputStream> response = connection.sendAuthorized(() -> connection
                            .request(connection.target, "GET").header("Accept", EVENT_STREAM).GET().build());
                    getStreamAnswered.complete(null);
                    if (response.statusCode() == 200) {
                        readStream(response.body(), null, null, null);
                    } else {
                        LOG.log(Level.DEBUG, "{0} offers no GET stream: HTTP {1} {2}", connection.target,
                                String.valueOf(response.statusCode()), ClientConnection.text(response.body()));
                    }
                } catch (IOException e) {
                    LOG.log(Level.DEBUG, "the GET stream of {0} could not be opened: {1}", connection.target,
                            e.toString());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    getStreamAnswered.complete(null);
                }
            });
        }
    }

    /**
     * @return completes once the GET stream's request has been answered (or has failed), at once
     *         when it was not opened
     */
    CompletableFuture<Void> getStreamAnswered() {
        return getStreamStarted.get() ? getStreamAnswered : CompletableFuture.completedFuture(null);
    }

    static List<RequestId> requestIds(JsonRpcPayload payload) {
        return messages(payload).stream().filter(JsonRpcRequest.class::isInstance)
                .map(message -> ((JsonRpcRequest) message).id()).toList();
    }

    private static List<JsonRpcMessage> messages(JsonRpcPayload payload) {
        return payload instanceof dev.jmcp.schema.jsonrpc.JsonRpcBatch batch ? batch.messages()
                : List.of((JsonRpcMessage) payload);
    }
}
