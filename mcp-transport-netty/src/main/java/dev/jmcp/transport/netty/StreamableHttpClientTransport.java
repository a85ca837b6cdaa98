package dev.jmcp.transport.netty;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.transport.netty.internal.MeasuredInput;
import dev.jmcp.transport.netty.internal.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The client end of the Streamable HTTP transport, on the JDK's {@link HttpClient}. Each message is
 * its own POST, accepting {@code application/json} and {@code text/event-stream}; the answer is read
 * in either form. The {@code Mcp-Session-Id} the server gives is sent on every later request, as is
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
 * its first or last bytes show one ({@link dev.jmcp.core.spi.DroppedMessage}), so that the request
 * waiting for it fails at once. A message that the heap cannot hold while it is parsed is reported
 * the same way, as {@code -32603}.
 *
 * <p>Threads: daemon threads named {@code jmcp-http-client-<n>-<k>} read the streams and run the
 * HTTP client's tasks; they end with {@link #close()}. The listener is called by one of them at a time.
 *
 * @since 0.1
 */
public final class StreamableHttpClientTransport implements McpTransport {
    private static final System.Logger LOG = System.getLogger(StreamableHttpClientTransport.class.getName());
    private static final AtomicInteger CLIENTS = new AtomicInteger();
    private static final String ACCEPT_BOTH = "application/json, text/event-stream";
    private static final String EVENT_STREAM = "text/event-stream";

    private final URI target;
    private final HttpClientSettings settings;
    private final ExecutorService executor;
    private final HttpClient http;
    private final Object delivery = new Object();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean getStreamStarted = new AtomicBoolean();
    private final Set<InputStream> openStreams = ConcurrentHashMap.newKeySet();
    private Listener listener;
    private boolean closeDelivered;
    private volatile String sessionId;
    private volatile String protocolVersion;
    private volatile URI legacyEndpoint;

    /**
     * @param target   the MCP endpoint, such as {@code http://127.0.0.1:8765/mcp}; never null
     * @param settings never null
     * @throws IllegalArgumentException when {@code target} is not an http or https URL
     */
    public StreamableHttpClientTransport(URI target, HttpClientSettings settings) {
        this.target = Objects.requireNonNull(target, "target");
        this.settings = Objects.requireNonNull(settings, "settings");
        String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || target.getHost() == null) {
            throw new IllegalArgumentException("an MCP endpoint is an http or https URL, was " + target);
        }
        String prefix = "jmcp-http-client-" + CLIENTS.incrementAndGet() + "-";
        AtomicInteger threads = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, prefix + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.http = HttpClient.newBuilder()
                .connectTimeout(settings.connectTimeout())
                .executor(executor)
                // plain http: no h2c upgrade dance; https negotiates HTTP/2 or 1.1 with ALPN
                .version(scheme.equals("https") ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
                .build();
    }

    /** @return the session id the server gave; null before {@code initialize} has been answered */
    public String sessionId() {
        return sessionId;
    }

    /** @return the revision sent as {@code MCP-Protocol-Version}; null before {@code initialize} has been answered */
    public String protocolVersion() {
        return protocolVersion;
    }

    /** @return whether the server turned out to speak the HTTP+SSE transport of 2024-11-05 */
    public boolean isLegacy() {
        return legacyEndpoint != null;
    }

    @Override
    public void start(Listener value) {
        Objects.requireNonNull(value, "listener");
        synchronized (delivery) {
            if (listener != null) {
                throw new IllegalStateException("the transport to " + target + " is already started");
            }
            listener = value;
        }
    }

    // ---- sending ----

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        Objects.requireNonNull(payload, "payload");
        if (closed.get()) {
            return CompletableFuture.failedFuture(new McpException("the transport to " + target + " is closed"));
        }
        URI legacy = legacyEndpoint;
        if (legacy != null) {
            return sendLegacy(legacy, payload);
        }
        HttpRequest.Builder request = request(target).header("Accept", ACCEPT_BOTH)
                .header("Content-Type", "application/json")
                .POST(body(payload));
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofInputStream())
                .thenComposeAsync(response -> answered(response, payload), executor)
                .exceptionallyCompose(failure -> CompletableFuture.failedFuture(wrap(failure, "POST")));
    }

    private CompletableFuture<Void> answered(HttpResponse<InputStream> response, JsonRpcPayload payload) {
        String id = response.headers().firstValue("Mcp-Session-Id").orElse(null);
        if (id != null) {
            sessionId = id;
        }
        int status = response.statusCode();
        boolean initialize = payload instanceof JsonRpcRequest request
                && McpMethodNames.INITIALIZE.equals(request.method());
        if (status == 202 || status == 200 && !hasBody(response)) {
            close(response.body());
            if (payload instanceof JsonRpcNotification notification
                    && McpMethodNames.INITIALIZED.equals(notification.method())) {
                openGetStream();
            }
            return CompletableFuture.completedFuture(null);
        }
        if (status == 200) {
            String type = response.headers().firstValue("Content-Type").orElse("");
            if (type.toLowerCase(Locale.ROOT).startsWith(EVENT_STREAM)) {
                Set<RequestId> owed = ConcurrentHashMap.newKeySet();
                owed.addAll(requestIds(payload));
                executor.execute(() -> readStream(response.body(), owed));
                return CompletableFuture.completedFuture(null);
            }
            try (InputStream in = response.body()) {
                readMessage(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return CompletableFuture.completedFuture(null);
        }
        String text = text(response.body());
        if (initialize && settings.legacyFallback() && (status == 400 || status == 404 || status == 405)) {
            LOG.log(Level.DEBUG, "{0} refused initialize with {1}; trying the HTTP+SSE transport of 2024-11-05",
                    target, String.valueOf(status));
            return fallBackToLegacy(payload, status, text);
        }
        McpException failure = new McpException("the server answered the POST with HTTP " + status
                + (text.isEmpty() ? "" : ": " + text));
        if (status == 404 && sessionId != null && !initialize) {
            // the spec: the server has ended the session; a client must start a new one
            closeWith(new McpException("the server has ended session " + sessionId + " (HTTP 404)"));
        }
        return CompletableFuture.failedFuture(failure);
    }

    private HttpRequest.Builder request(URI uri) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri);
        settings.headers().forEach(builder::header);
        String id = sessionId;
        if (id != null) {
            builder.header("Mcp-Session-Id", id);
        }
        String version = protocolVersion;
        if (version != null) {
            builder.header("MCP-Protocol-Version", version);
        }
        return builder;
    }

    private HttpRequest.BodyPublisher body(JsonRpcPayload payload) {
        return HttpRequest.BodyPublishers.ofInputStream(() -> {
            try {
                return settings.codec().encode(payload);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    // ---- receiving ----

    /**
     * Reads an SSE stream, delivering each message, and resumes it with {@code Last-Event-ID} when it
     * drops while it still owes answers (a POST's stream), or whenever it ends (the GET stream, which
     * is reopened until the session ends). Gives up after {@code maxReconnectAttempts} reconnections
     * in a row that brought nothing.
     *
     * @param owed the ids of the requests whose answers the stream owes; null for the GET stream
     */
    private void readStream(InputStream first, Set<RequestId> owed) {
        InputStream body = first;
        String lastEventId = null;
        Long retry = null;
        int failures = 0;
        while (true) {
            if (body != null) {
                SseReader reader = new SseReader(body);
                openStreams.add(body);
                boolean received = false;
                try {
                    while (reader.next((event, data) -> onEvent(event, data, owed))) {
                        received = true;
                        if (reader.lastEventId() != null) {
                            lastEventId = reader.lastEventId();
                        }
                        if (owed != null && owed.isEmpty()) {
                            break;
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    LOG.log(Level.DEBUG, "a stream from {0} dropped: {1}", target, e.toString());
                } finally {
                    openStreams.remove(body);
                    close(body);
                }
                retry = reader.retryMillis() != null ? reader.retryMillis() : retry;
                failures = received ? 0 : failures;
                body = null;
            }
            if (closed.get() || owed != null && owed.isEmpty()) {
                return;
            }
            if (owed != null && lastEventId == null) {
                LOG.log(Level.WARNING, "a stream from {0} ended without the answers to {1} and cannot be resumed "
                        + "(it sent no event id); those requests will time out", target, owed);
                return;
            }
            if (++failures > settings.maxReconnectAttempts()) {
                LOG.log(Level.WARNING, "gave up reconnecting a stream from {0} after maxReconnectAttempts={1}",
                        target, String.valueOf(settings.maxReconnectAttempts()));
                return;
            }
            if (!pause(retry != null ? Duration.ofMillis(retry) : settings.reconnectDelay())) {
                return;
            }
            HttpRequest.Builder request = request(target).header("Accept", EVENT_STREAM).GET();
            if (lastEventId != null) {
                request.header("Last-Event-ID", lastEventId);
            }
            try {
                HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
                if (response.statusCode() == 200) {
                    body = response.body();
                    continue;
                }
                String text = text(response.body());
                if (response.statusCode() == 404 && sessionId != null) {
                    closeWith(new McpException("the server has ended session " + sessionId + " (HTTP 404)"));
                    return;
                }
                if (response.statusCode() == 405 || response.statusCode() == 409) {
                    LOG.log(Level.DEBUG, "{0} will not reopen the stream: HTTP {1} {2}", target,
                            String.valueOf(response.statusCode()), text);
                    return;
                }
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "reconnecting a stream from {0} failed: {1}", target, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void onEvent(String event, InputStream data, Set<RequestId> owed) throws IOException {
        if (!event.equals("message")) {
            return;
        }
        PushbackInputStream in = new PushbackInputStream(data, 1);
        int first = in.read();
        if (first < 0) {
            return; // a priming event: only its id matters
        }
        in.unread(first);
        JsonRpcPayload payload = readMessage(in);
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
    private void openGetStream() {
        if (getStreamStarted.compareAndSet(false, true) && !closed.get()) {
            executor.execute(() -> {
                HttpRequest request = request(target).header("Accept", EVENT_STREAM).GET().build();
                try {
                    HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
                    if (response.statusCode() == 200) {
                        readStream(response.body(), null);
                    } else {
                        LOG.log(Level.DEBUG, "{0} offers no GET stream: HTTP {1} {2}", target,
                                String.valueOf(response.statusCode()), text(response.body()));
                    }
                } catch (IOException e) {
                    LOG.log(Level.DEBUG, "the GET stream of {0} could not be opened: {1}", target, e.toString());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    private JsonRpcPayload readMessage(InputStream in) {
        Listener current;
        synchronized (delivery) {
            current = listener;
        }
        if (current == null) {
            return null;
        }
        MeasuredInput measured = new MeasuredInput(in, settings.codec().limits().maxMessageBytes());
        JsonRpcPayload payload = null;
        ProtocolException error = null;
        boolean outOfMemory = false;
        try {
            payload = settings.codec().read(measured, current.pendingRequests());
        } catch (ProtocolException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof java.io.EOFException cut) {
                    // the stream broke inside the message: a dropped connection, not a bad peer
                    throw new UncheckedIOException(cut);
                }
            }
            error = e;
        } catch (OutOfMemoryError e) {
            // the parser's buffers are garbage again: fail this message, not the connection
            outOfMemory = true;
        }
        if (payload == null) {
            try {
                // over maxMessageBytes, or too big for the heap: name its length, and fail the
                // request it answers at once
                ProtocolException dropped = outOfMemory ? measured.outOfMemory() : measured.tooLong();
                error = dropped != null ? dropped : error;
            } catch (IOException cut) {
                throw new UncheckedIOException(cut);
            }
            synchronized (delivery) {
                if (!closeDelivered) {
                    current.onUnreadable(error);
                }
            }
            return null;
        }
        if (payload instanceof JsonRpcResultResponse response && response.result() instanceof InitializeResult result) {
            protocolVersion = result.protocolVersion();
        }
        synchronized (delivery) {
            if (!closeDelivered) {
                current.onMessage(payload);
            }
        }
        return payload;
    }

    // ---- HTTP+SSE of 2024-11-05 ----

    private CompletableFuture<Void> fallBackToLegacy(JsonRpcPayload initialize, int status, String text) {
        HttpRequest request = request(target).header("Accept", EVENT_STREAM).GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream()).thenComposeAsync(response -> {
            if (response.statusCode() != 200) {
                close(response.body());
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
                close(body);
                return CompletableFuture.failedFuture(new McpException("the HTTP+SSE stream of " + target
                        + " broke before its endpoint event", e));
            }
            if (endpoint[0] == null) {
                close(body);
                return CompletableFuture.failedFuture(new McpException("the server answered initialize with HTTP "
                        + status + " and its GET stream sent no endpoint event: not an MCP server?"));
            }
            legacyEndpoint = target.resolve(endpoint[0]);
            LOG.log(Level.DEBUG, "{0} speaks HTTP+SSE (2024-11-05); posting to {1}", target, legacyEndpoint);
            executor.execute(() -> readLegacyStream(reader, body));
            return sendLegacy(legacyEndpoint, initialize);
        }, executor);
    }

    private void readLegacyStream(SseReader reader, InputStream body) {
        openStreams.add(body);
        try {
            while (reader.next((event, data) -> onEvent(event, data, null))) {
                // each message is delivered as it comes
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, "the HTTP+SSE stream of {0} dropped: {1}", target, e.toString());
        } finally {
            openStreams.remove(body);
            close(body);
        }
        // in HTTP+SSE the stream is the session: without it no answer can arrive
        closeWith(closed.get() ? null : new McpException("the HTTP+SSE stream of " + target + " ended"));
    }

    private CompletableFuture<Void> sendLegacy(URI endpoint, JsonRpcPayload payload) {
        HttpRequest request = request(endpoint).header("Content-Type", "application/json").POST(body(payload)).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream()).thenApply(response -> {
            String text = text(response.body());
            if (response.statusCode() / 100 != 2) {
                throw new McpException("the HTTP+SSE server answered the POST with HTTP " + response.statusCode()
                        + (text.isEmpty() ? "" : ": " + text));
            }
            return (Void) null;
        }).exceptionallyCompose(failure -> CompletableFuture.failedFuture(wrap(failure, "POST")));
    }

    // ---- closing ----

    /** Ends the session with DELETE (waiting at most {@code closeTimeout}), closes every stream; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        String id = sessionId;
        if (id != null && legacyEndpoint == null) {
            try {
                HttpRequest request = request(target).timeout(settings.closeTimeout().isZero()
                        ? Duration.ofMillis(1) : settings.closeTimeout()).DELETE().build();
                HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
                LOG.log(Level.DEBUG, "DELETE of session {0}: HTTP {1}", id, String.valueOf(response.statusCode()));
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "DELETE of session {0} failed: {1}", id, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        shutDown(null);
    }

    private void closeWith(Throwable cause) {
        if (closed.compareAndSet(false, true)) {
            shutDown(cause);
        }
    }

    private void shutDown(Throwable cause) {
        for (InputStream stream : List.copyOf(openStreams)) {
            close(stream);
        }
        executor.shutdown();
        synchronized (delivery) {
            if (listener != null && !closeDelivered) {
                closeDelivered = true;
                listener.onClosed(cause);
            }
        }
    }

    // ---- helpers ----

    private boolean pause(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
            return !closed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean hasBody(HttpResponse<?> response) {
        return response.headers().firstValueAsLong("Content-Length").orElse(-1) != 0;
    }

    private static List<RequestId> requestIds(JsonRpcPayload payload) {
        return messages(payload).stream().filter(JsonRpcRequest.class::isInstance)
                .map(message -> ((JsonRpcRequest) message).id()).toList();
    }

    private static List<JsonRpcMessage> messages(JsonRpcPayload payload) {
        return payload instanceof dev.jmcp.schema.jsonrpc.JsonRpcBatch batch ? batch.messages()
                : List.of((JsonRpcMessage) payload);
    }

    private static String text(InputStream body) {
        try (InputStream in = body) {
            return new String(in.readNBytes(4096), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static void close(InputStream stream) {
        try {
            stream.close();
        } catch (IOException e) {
            // nothing left to do with it
        }
    }

    private McpException wrap(Throwable failure, String what) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause()
                : failure;
        if (cause instanceof McpException mcp) {
            return mcp;
        }
        return new McpException(what + " to " + target + " failed: " + cause, cause);
    }

    @Override
    public String toString() {
        return "StreamableHttpClientTransport[" + target + (sessionId == null ? "" : ", session " + sessionId) + "]";
    }
}
