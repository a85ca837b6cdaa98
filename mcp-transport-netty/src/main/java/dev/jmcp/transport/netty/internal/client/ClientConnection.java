package dev.jmcp.transport.netty.internal.client;

import dev.jmcp.core.spi.HttpAuthorizer;
import dev.jmcp.core.spi.HttpChallenge;
import dev.jmcp.core.spi.McpTransport.Listener;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.transport.netty.HttpClientSettings;
import dev.jmcp.transport.netty.StreamableHttpClientTransport;
import dev.jmcp.transport.netty.internal.client.MeasuredInput;
import dev.jmcp.transport.netty.internal.headers.StatelessRequestHeaders;
import dev.jmcp.transport.netty.internal.headers.ToolParamHeaders;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The working part of one {@link StreamableHttpClientTransport}: its HTTP clients and threads, the
 * headers of its session, the messages it hands to the listener, and the DELETE that ends it. Its
 * POSTs go through {@link PostClient} (Netty); the SSE streams it opens (java.net.http) are read by
 * {@link SseStreamReader}; a server of 2024-11-05 is spoken to through {@link LegacyFallback}.
 */
public final class ClientConnection {
    // logged under the public class's name, where users look for the transport's log
    static final System.Logger LOG = System.getLogger(StreamableHttpClientTransport.class.getName());
    private static final AtomicInteger CLIENTS = new AtomicInteger();
    static final String ACCEPT_BOTH = "application/json, text/event-stream";
    static final String EVENT_STREAM = "text/event-stream";

    final URI target;
    final HttpClientSettings settings;
    final ExecutorService executor;
    final HttpClient http;
    private final Object delivery = new Object();
    final AtomicBoolean closed = new AtomicBoolean();
    final Set<InputStream> openStreams = ConcurrentHashMap.newKeySet();
    private final SseStreamReader streams = new SseStreamReader(this);
    private final LegacyFallback legacy = new LegacyFallback(this);
    private final ToolParamHeaders toolParams = new ToolParamHeaders();
    private final PostClient posts;
    private Listener listener;
    private boolean closeDelivered;
    volatile String sessionId;
    private volatile String protocolVersion;
    volatile URI legacyEndpoint;
    /**
     * Done, but between {@code notifications/initialized} and the answer to the GET stream it opens
     * when the client takes the server's own requests ({@link #takesServerRequests}).
     */
    private volatile CompletableFuture<Void> getStreamGate = CompletableFuture.completedFuture(null);
    /** Whether the {@code initialize} sent declared roots, sampling or elicitation. */
    private volatile boolean takesServerRequests;

    /**
     * @param target   the MCP endpoint, already checked to be an http or https URL
     * @param settings never null
     * @param scheme   the target's scheme, in lower case
     */
    public ClientConnection(URI target, HttpClientSettings settings, String scheme) {
        this.target = target;
        this.settings = settings;
        String name = "jmcp-http-client-" + CLIENTS.incrementAndGet();
        String prefix = name + "-";
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
        this.posts = new PostClient(this, name + "-io");
    }

    /** @return the MCP endpoint */
    public URI target() {
        return target;
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

    /** @param value the listener; never null */
    public void start(Listener value) {
        synchronized (delivery) {
            if (listener != null) {
                throw new IllegalStateException("the transport to " + target + " is already started");
            }
            listener = value;
        }
    }

    SseStreamReader streams() {
        return streams;
    }

    // ---- sending ----

    /** The most bytes of a request body that is sent with a Content-Length rather than chunked. */
    private static final int SMALL_BODY = 16 * 1024;

    /** @param payload never null */
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        if (closed.get()) {
            return CompletableFuture.failedFuture(new McpException("the transport to " + target + " is closed"));
        }
        URI legacyTarget = legacyEndpoint;
        if (legacyTarget != null) {
            return legacy.sendLegacy(legacyTarget, payload);
        }
        CompletableFuture<Void> gate = getStreamGate;
        if (!gate.isDone()) {
            return gate.thenCompose(opened -> send(payload));
        }
        if (payload instanceof JsonRpcRequest request && request.params() instanceof InitializeRequestParams params) {
            takesServerRequests = takesServerRequests(params.capabilities());
        }
        CompletableFuture<Void> sent = posts.post(payload);
        if (takesServerRequests && payload instanceof JsonRpcNotification notification
                && McpMethodNames.INITIALIZED.equals(notification.method())) {
            // what is sent next waits until the server has answered the GET stream that this
            // notification opens, at most connectTimeout: a server sends its own requests (such as
            // elicitation/create during a tool call) on that stream, and may drop them before it
            // exists. Only a client that takes such requests waits: a server may also hold the GET's
            // headers until its first event (the Java SDK's servlet transport), and a client that
            // waited on them would never send the subscribe that causes that event
            getStreamGate = sent.handle((ok, failure) -> null).thenCompose(ignored -> streams.getStreamAnswered())
                    .completeOnTimeout(null, settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
        return sent;
    }

    /** @return whether a server may send requests to a client of {@code capabilities} */
    private static boolean takesServerRequests(ClientCapabilities capabilities) {
        return capabilities != null
                && (capabilities.roots() != null || capabilities.sampling() != null || capabilities.elicitation() != null);
    }

    /**
     * What a refused POST (neither 200 nor 202) comes to: for {@code initialize} refused with 400,
     * 404 or 405, the HTTP+SSE transport of 2024-11-05 (when {@code legacyFallback} allows); after
     * 404 from a session, the end of the connection; else a failure that quotes the server.
     *
     * @param text the start of the answer's body, stripped
     */
    CompletableFuture<Void> refused(JsonRpcPayload payload, int status, String text, List<String> challenges,
            String dpopNonce, int attempt) {
        HttpAuthorizer authorizer = settings.authorizer();
        if ((status == 401 || status == 403) && authorizer != null) {
            // the authorizer may run a whole OAuth flow (a user signing in): off the I/O thread
            return CompletableFuture.supplyAsync(() -> challenged(authorizer, status, challenges, dpopNonce, attempt),
                    executor)
                    .thenCompose(retry -> retry ? posts.post(payload, attempt + 1)
                            : CompletableFuture.failedFuture(refusal(status, text)));
        }
        if (status >= 400 && payload instanceof JsonRpcRequest request && !StatelessRequestHeaders.of(payload).isEmpty()
                && answersWithError(request, text)) {
            // a 2026-07-28 server answers an error with 400 or 404 and the JSON-RPC error as the
            // body: that is the request's answer, which tells a modern server's error (such as
            // -32022) from an older server's refusal, whose body answers no request
            return CompletableFuture.completedFuture(null);
        }
        boolean initialize = payload instanceof JsonRpcRequest request
                && McpMethodNames.INITIALIZE.equals(request.method());
        if (initialize && settings.legacyFallback() && (status == 400 || status == 404 || status == 405)) {
            LOG.log(Level.DEBUG, "{0} refused initialize with {1}; trying the HTTP+SSE transport of 2024-11-05",
                    target, String.valueOf(status));
            return legacy.fallBackToLegacy(payload, status, text);
        }
        McpException failure = refusal(status, text);
        if (status == 404 && sessionId != null && !initialize) {
            // the spec: the server has ended the session; a client must start a new one
            closeWith(new McpException("the server has ended session " + sessionId + " (HTTP 404)"));
        }
        return CompletableFuture.failedFuture(failure);
    }

    private static McpException refusal(int status, String text) {
        return new McpException("the server answered the POST with HTTP " + status
                + (text.isEmpty() ? "" : ": " + text.substring(0, Math.min(text.length(), 4096))));
    }

    /**
     * Hands a 401 or 403 to the authorizer.
     *
     * @return whether the request is to be sent again
     * @throws UncheckedIOException when the authorizer failed to obtain credentials
     */
    boolean challenged(HttpAuthorizer authorizer, int status, List<String> challenges, String dpopNonce, int attempt) {
        try {
            return !closed.get() && authorizer.challenged(new HttpChallenge(target, status, challenges, attempt,
                    dpopNonce));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends a request made by {@code request} (once more for each new authorization the authorizer
     * obtains after a 401 or 403), on the calling thread, which must not be an I/O thread.
     */
    HttpResponse<InputStream> sendAuthorized(Supplier<HttpRequest> request) throws IOException, InterruptedException {
        HttpAuthorizer authorizer = settings.authorizer();
        for (int attempt = 1;; attempt++) {
            HttpResponse<InputStream> response = http.send(request.get(), HttpResponse.BodyHandlers.ofInputStream());
            int status = response.statusCode();
            if ((status != 401 && status != 403) || authorizer == null) {
                return response;
            }
            close(response.body());
            if (!challenged(authorizer, status, response.headers().allValues("WWW-Authenticate"),
                    response.headers().firstValue("DPoP-Nonce").orElse(null), attempt)) {
                return response; // its body is closed: the caller reports the status
            }
        }
    }

    /** @return whether {@code body} was the JSON-RPC error answering {@code request}, and was delivered as such */
    boolean answersWithError(JsonRpcRequest request, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        JsonRpcPayload answer;
        try {
            answer = settings.codec().read(bytes, PendingRequests.NONE);
        } catch (ProtocolException e) {
            return false;
        }
        if (answer instanceof JsonRpcErrorResponse error && request.id().equals(error.id())) {
            readMessage(new ByteArrayInputStream(bytes));
            return true;
        }
        return false;
    }

    /**
     * Hands every header this client sends with {@code payload} (a POST to the endpoint) to
     * {@code sink}, in order: those of every request ({@link #eachHeader(String, URI, BiConsumer)}),
     * then a 2026-07-28 request's standard headers and its {@code Mcp-Param-*} headers
     * (x-mcp-header), which replace any of the same name.
     */
    void eachHeader(JsonRpcPayload payload, BiConsumer<String, String> sink) {
        eachHeader("POST", target, sink);
        Map<String, String> stateless = StatelessRequestHeaders.of(payload);
        stateless.forEach(sink);
        if (!stateless.isEmpty()) {
            toolParams.headers(payload).forEach(sink);
        }
    }

    /**
     * Hands every header this client sends with a {@code method} request to {@code uri} to
     * {@code sink}, in order: the settings' own, the authorizer's ({@code Authorization}, and a proof
     * for this request where its tokens are bound to a key), which replace any of the settings' of
     * the same name, then the session's. The one place they are made, for both HTTP clients.
     */
    void eachHeader(String method, URI uri, BiConsumer<String, String> sink) {
        HttpAuthorizer authorizer = settings.authorizer();
        Map<String, String> authorizing = authorizer == null ? Map.of() : authorizer.headers(target, method, uri);
        settings.headers().forEach((name, value) -> {
            if (authorizing.keySet().stream().noneMatch(name::equalsIgnoreCase)) {
                sink.accept(name, value);
            }
        });
        authorizing.forEach(sink);
        String id = sessionId;
        if (id != null) {
            sink.accept("Mcp-Session-Id", id);
        }
        String version = protocolVersion;
        if (version != null) {
            sink.accept("MCP-Protocol-Version", version);
        }
    }

    HttpRequest.Builder request(URI uri, String method) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri);
        eachHeader(method, uri, builder::header);
        return builder;
    }

    /**
     * The body of a POST to an HTTP+SSE server: a message of up to {@value #SMALL_BODY} bytes (nearly
     * every one a client sends) with a Content-Length, read once; a larger one streamed, chunked, as
     * it is encoded.
     */
    HttpRequest.BodyPublisher body(JsonRpcPayload payload) {
        SmallBody small = new SmallBody(SMALL_BODY);
        try {
            settings.codec().write(payload, small);
            return HttpRequest.BodyPublishers.ofByteArray(small.bytes(), 0, small.length());
        } catch (SmallBody.Full full) {
            return HttpRequest.BodyPublishers.ofInputStream(() -> {
                try {
                    return settings.codec().encode(payload);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- receiving ----

    JsonRpcPayload readMessage(InputStream in) {
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
        payload = toolParams.learn(payload); // x-mcp-header: 2026-07-28 rules for a tools/list result
        synchronized (delivery) {
            if (!closeDelivered) {
                current.onMessage(payload);
            }
        }
        return payload;
    }

    /** Answers each of {@code owed} with an error that says why its answer will not come. */
    void answerLost(Set<RequestId> owed, String why) {
        synchronized (delivery) {
            if (listener == null || closeDelivered) {
                return;
            }
            for (RequestId request : List.copyOf(owed)) {
                listener.onMessage(new JsonRpcErrorResponse(request, new JsonRpcError(ErrorCodes.INTERNAL_ERROR, why,
                        null)));
            }
        }
    }

    // ---- closing ----

    /** Ends the session with DELETE (waiting at most {@code closeTimeout}), closes every stream; idempotent. */
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        String id = sessionId;
        if (id != null && legacyEndpoint == null) {
            try {
                HttpRequest request = request(target, "DELETE").timeout(settings.closeTimeout().isZero()
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

    void closeWith(Throwable cause) {
        if (closed.compareAndSet(false, true)) {
            shutDown(cause);
        }
    }

    private void shutDown(Throwable cause) {
        for (InputStream stream : List.copyOf(openStreams)) {
            close(stream);
        }
        posts.close();
        executor.shutdown();
        synchronized (delivery) {
            if (listener != null && !closeDelivered) {
                closeDelivered = true;
                listener.onClosed(cause);
            }
        }
    }

    // ---- helpers ----

    boolean pause(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
            return !closed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static String text(InputStream body) {
        try (InputStream in = body) {
            return new String(in.readNBytes(4096), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    static void close(InputStream stream) {
        try {
            stream.close();
        } catch (IOException e) {
            // nothing left to do with it
        }
    }

    McpException wrap(Throwable failure, String what) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause()
                : failure;
        if (cause instanceof McpException mcp) {
            return mcp;
        }
        return new McpException(what + " to " + target + " failed: " + cause, cause);
    }
}
