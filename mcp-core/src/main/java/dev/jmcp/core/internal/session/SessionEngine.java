package dev.jmcp.core.internal.session;

import dev.jmcp.core.ServerSettings;
import dev.jmcp.core.internal.transport.Era;
import dev.jmcp.core.internal.transport.StatelessMeta;
import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.NotificationHandler;
import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.core.session.RequestTimeoutException;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.CancelledNotificationParams;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import jakarta.json.JsonObject;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The session engine, the same for both sides: correlates responses with requests, enforces
 * timeouts and the in-flight bound, carries cancellation and progress both ways, answers
 * {@code ping}, and dispatches every other method to the handler registered for it. It knows no
 * feature; the {@link Lifecycle} decides what may pass before and during the handshake.
 *
 * <p>Threads: inbound messages arrive on the transport's thread and are routed there without
 * blocking; handlers run on the handler executor; timeouts fire on the session's timer thread.
 */
public final class SessionEngine implements McpTransport.Listener, RequestHost {
    private static final System.Logger LOG = System.getLogger(SessionEngine.class.getName());
    private static final AtomicLong SESSIONS = new AtomicLong();

    private final Side side;
    private final String name;
    private final McpTransport transport;
    private final Duration requestTimeout;
    private final HandlerTable handlers;
    private final Lifecycle lifecycle;
    private final ExecutorService executor;
    private final boolean ownsExecutor;
    private final Object timerLock = new Object();
    private ScheduledThreadPoolExecutor timer;
    private final StatelessServer stateless;
    private final RequestStates requestStates;
    private final SerialExecutor notifications;
    private final OutboundRequests outbound = new OutboundRequests();
    /** What the transport's codec asks: our requests' methods, and which inbound params stay JSON. */
    private final PendingRequests reading = new PendingRequests() {
        @Override
        public String methodOf(RequestId id) {
            return outbound.methodOf(id);
        }

        @Override
        public boolean paramsAsJson(String method) {
            return handlers.paramsAsJson(method) || initializeAfterHandshake(method);
        }
    };
    private final InboundRequests inbound;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();
    /** Why the transport closed the session, set before {@link #closeFuture} completes; null for a normal end. */
    private volatile Throwable closeCause;
    private volatile McpSession facade;

    /**
     * @param side      which end this session is; never null
     * @param config    never null
     * @param lifecycle never null
     */
    public SessionEngine(Side side, SessionConfig config, Lifecycle lifecycle) {
        this.side = Objects.requireNonNull(side, "side");
        this.name = "jmcp-" + side.label() + "-" + SESSIONS.incrementAndGet();
        this.transport = config.transport();
        this.requestTimeout = config.settings().requestTimeout();
        this.handlers = config.handlers();
        this.lifecycle = Objects.requireNonNull(lifecycle, "lifecycle");
        this.ownsExecutor = config.executor() == null;
        this.executor = ownsExecutor
                ? SessionThreads.handlerPool(name, SessionThreads.DEFAULT_HANDLER_THREADS) : config.executor();
        this.stateless = config.stateless();
        this.requestStates = config.requestStates() != null ? config.requestStates()
                : RequestStates.create(ServerSettings.DEFAULT_REQUEST_STATE_TTL);
        this.notifications = new SerialExecutor(executor);
        this.inbound = new InboundRequests(this, executor, config.settings().maxRequestsInFlightPerSession(), config.budget());
    }

    /**
     * Once a server's handshake is done, a second {@code initialize} is refused whatever it carries,
     * so its params need not be read as the handshake's: kept as JSON, a stateless one (its
     * {@code _meta} names 2026-07-28, and it has no protocolVersion) is then routed by its era and
     * answered {@code -32601}, as on a fresh stream, rather than refused for the params it lacks.
     */
    private boolean initializeAfterHandshake(String method) {
        return stateless != null && McpMethodNames.INITIALIZE.equals(method) && lifecycle.negotiated() != null;
    }

    /** Connects the engine to its public face and starts the transport. */
    public void start(McpSession session) {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException(name + " is already started");
        }
        this.facade = Objects.requireNonNull(session, "session");
        lifecycle.attach(this);
        transport.start(this);
    }

    /** @return the name of the session, which its threads carry */
    public String name() {
        return name;
    }

    /** @return what the answers of this session take from while they are made and written; null for nothing */
    @Override
    public Budget answerBudget() {
        return transport.answerBudget();
    }

    @Override
    public McpSession facade() {
        return facade;
    }

    // ---- outbound ----

    /** A request from the session's user: it passes the lifecycle's gate. */
    public <R> CompletableFuture<R> request(String method, Object params, Class<R> resultType, RequestOptions options) {
        Objects.requireNonNull(method, "method");
        if (McpMethodNames.INITIALIZE.equals(method)) {
            return CompletableFuture.failedFuture(new McpException(
                    "initialize is sent by ClientSession.initialize(), not as a plain request"));
        }
        String refusal = lifecycle.refuseOutbound(method);
        if (refusal != null && !closed.get()) {
            return CompletableFuture.failedFuture(new McpException(refusal));
        }
        return send(method, params, resultType, options);
    }

    /** A request from the session's user that may be answered with {@code input_required}: see {@link InputRounds}. */
    public <R> CompletableFuture<R> requestWithInput(String method, Object params, Class<R> resultType,
            RequestOptions options, int maxInputRounds) {
        return InputRounds.send(this, method, params, resultType, options, maxInputRounds);
    }

    /** A request of the lifecycle itself, such as {@code initialize}: no gate. */
    <R> CompletableFuture<R> lifecycleRequest(String method, Object params, Class<R> resultType) {
        return send(method, params, resultType, RequestOptions.defaults());
    }

    /** A request of the lifecycle itself with its own timeout, such as the {@code server/discover} probe. */
    <R> CompletableFuture<R> lifecycleRequest(String method, Object params, Class<R> resultType, Duration timeout) {
        return send(method, params, resultType, RequestOptions.timeout(timeout));
    }

    /**
     * Runs the handler registered for an input request that a server embedded in an
     * {@code input_required} result (2026-07-28), as if the server had sent it.
     *
     * @param request carries an id of the caller's choosing that no inbound request uses
     * @return the response the handler's answer makes; {@code -32601} when no handler is registered
     */
    CompletableFuture<JsonRpcMessage> handleLocally(JsonRpcRequest request) {
        CompletableFuture<JsonRpcMessage> reply = new CompletableFuture<>();
        RequestHandler handler = handlers.request(request.method());
        if (handler == null) {
            reply.complete(InboundRequests.error(request.id(), ErrorCodes.METHOD_NOT_FOUND, "no handler for "
                    + request.method() + " is registered on this client (ClientSession.Builder.requestHandler)"));
            return reply;
        }
        inbound.dispatch(request, handler, Meta.of(request.params()), null, null, reply);
        return reply.whenComplete((answer, failure) -> inbound.written(request.id()));
    }

    private <R> CompletableFuture<R> send(String method, Object params, Class<R> resultType, RequestOptions options) {
        Objects.requireNonNull(resultType, "resultType");
        Objects.requireNonNull(options, "options");
        CompletableFuture<R> future = new CompletableFuture<>();
        if (closed.get()) {
            future.completeExceptionally(new SessionClosedException("cannot send " + method + ": " + name
                    + " is closed", null));
            return future;
        }
        RequestId id = outbound.nextId();
        ProgressToken token = null;
        Object wireParams;
        try {
            wireParams = lifecycle.outboundParams(method, params);
        } catch (IllegalArgumentException e) {
            future.completeExceptionally(e);
            return future;
        }
        if (options.progressListener() != null) {
            // the id is unique among active requests, so it serves as the token too
            token = ProgressToken.of(((RequestId.Numeric) id).value());
            try {
                wireParams = Meta.withProgressToken(wireParams, token);
            } catch (IllegalArgumentException e) {
                future.completeExceptionally(e);
                return future;
            }
        }
        Duration timeout = options.timeout() != null ? options.timeout() : requestTimeout;
        Pending pending = new Pending(id, method, resultType, future, token, options.progressListener(), timeout);
        outbound.add(pending);
        try {
            pending.timeoutTask(timer().schedule(() -> timedOut(pending), timeout.toNanos(), TimeUnit.NANOSECONDS));
        } catch (RejectedExecutionException e) {
            // the timer is shut down: close() is running; fall through to the closed check
        }
        if (closed.get()) {
            if (outbound.remove(pending)) {
                pending.fail(closedBefore(pending, null));
            }
            return future;
        }
        // a caller that cancels (or completes) the future itself no longer wants the answer
        future.whenComplete((result, failure) -> {
            if (outbound.remove(pending)) {
                abandon(pending, "cancelled by the caller");
            }
        });
        transmit(new JsonRpcRequest(id, method, wireParams)).whenComplete((ignored, failure) -> {
            if (failure != null && outbound.remove(pending)) {
                Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                pending.fail(new McpException("could not send " + method + " (id " + id + "): " + cause.getMessage(),
                        cause));
            }
        });
        return future;
    }

    /**
     * The timer of outbound requests' timeouts, started by the first request: a server session,
     * which seldom sends one, then holds no timer thread at all.
     */
    private ScheduledThreadPoolExecutor timer() {
        synchronized (timerLock) {
            if (timer == null) {
                timer = SessionThreads.timer(name);
                if (closed.get()) {
                    timer.shutdownNow();
                }
            }
            return timer;
        }
    }

    @Override
    public RequestStates requestStates() {
        return requestStates;
    }

    /** Sends a notification; no gate, since the spec allows logging and pings before initialized. */
    @Override
    public CompletableFuture<Void> notify(String method, Object params) {
        Objects.requireNonNull(method, "method");
        if (McpMethodNames.LOGGING_MESSAGE.equals(method) && stateless != null && lifecycle.negotiated() == null) {
            // no session asked for log messages: only a stateless request can have, and it says so in
            // its _meta, which RequestContext.log honours; a message sent past it would break the spec's MUST
            LOG.log(Level.DEBUG, "{0} drops a notifications/message sent outside RequestContext.log: no session "
                    + "asked for log messages", name);
            return CompletableFuture.completedFuture(null);
        }
        return transmit(new JsonRpcNotification(method, params));
    }

    @Override
    public CompletableFuture<Void> notifyLog(Object params) {
        return transmit(new JsonRpcNotification(McpMethodNames.LOGGING_MESSAGE, params));
    }

    private void timedOut(Pending pending) {
        if (outbound.remove(pending)) {
            abandon(pending, "timed out after " + pending.timeout.toMillis() + " ms");
            pending.fail(new RequestTimeoutException(pending.id, pending.method, pending.timeout));
        }
    }

    /** Tells the peer that an answer is no longer wanted (never for {@code initialize}). */
    private void abandon(Pending pending, String reason) {
        if (pending.cancellable() && !closed.get()) {
            notify(McpMethodNames.CANCELLED, CancelledNotificationParams.of(pending.id, reason));
        }
    }

    private CompletableFuture<Void> transmit(JsonRpcPayload payload) {
        if (closed.get()) {
            return CompletableFuture.failedFuture(new SessionClosedException(name + " is closed", null));
        }
        try {
            CompletableFuture<Void> sent = transport.send(payload);
            return sent != null ? sent : CompletableFuture.completedFuture(null);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private void reply(JsonRpcPayload payload) {
        if (payload == null) {
            return;
        }
        transmit(payload).whenComplete((ignored, failure) -> {
            if (failure != null) {
                LOG.log(closed.get() ? Level.DEBUG : Level.WARNING, name + " could not send a response", failure);
            }
        });
    }

    // ---- inbound ----

    @Override
    public void onMessage(JsonRpcPayload payload) {
        onMessage(payload, null);
    }

    @Override
    public void onMessage(JsonRpcPayload payload, Principal principal) {
        if (closed.get()) {
            return;
        }
        try {
            if (payload instanceof JsonRpcBatch batch) {
                onBatch(batch, principal);
            } else {
                route((JsonRpcMessage) payload, principal);
            }
        } catch (RuntimeException e) {
            // a transport must never see an exception from the session
            LOG.log(Level.WARNING, name + " could not process an inbound message", e);
        }
    }

    private void route(JsonRpcMessage message, Principal principal) {
        if (message instanceof JsonRpcRequest request) {
            CompletableFuture<JsonRpcMessage> answered = new CompletableFuture<>();
            answered.thenAccept(answer -> {
                if (answer == null) {
                    return;
                }
                transmit(answer).whenComplete((ignored, failure) -> {
                    inbound.written(request.id());
                    if (failure != null) {
                        LOG.log(closed.get() ? Level.DEBUG : Level.WARNING, name + " could not send a response", failure);
                    }
                });
            });
            answer(request, principal, answered);
        } else if (message instanceof JsonRpcNotification notification) {
            onNotification(notification);
        } else if (message instanceof JsonRpcResultResponse response) {
            Pending pending = outbound.take(response.id());
            if (pending == null) {
                LOG.log(Level.DEBUG, "{0} ignores a response to unknown or abandoned request {1}", name, response.id());
            } else {
                pending.succeed(response.result());
            }
        } else if (message instanceof JsonRpcErrorResponse response) {
            Pending pending = response.id() == null ? null : outbound.take(response.id());
            if (pending == null) {
                LOG.log(Level.WARNING, "{0} received an error for no waiting request: {1} {2}", name,
                        String.valueOf(response.error().code()), response.error().message());
            } else {
                pending.fail(ProtocolException.of(response));
            }
        }
    }

    /**
     * Completes {@code answered} with the response to send, or null when none is sent. The caller
     * attaches what sends it first: a handler's answer is then sent on the thread that completes
     * it, never on the transport's thread inside its call to {@link #onMessage} (where a quick
     * handler's answer would be encoded and written while the transport holds its locks).
     */
    private void answer(JsonRpcRequest request, Principal principal, CompletableFuture<JsonRpcMessage> answered) {
        String method = request.method();
        JsonObject meta = Meta.of(request.params()); // read once: the era and the handler's context both need it
        if (stateless != null && Era.claimedBy(meta)) {
            answerStateless(request, meta, principal, answered);
            return;
        }
        JsonRpcErrorResponse badToken = refuseProgressToken(request, meta);
        if (badToken != null) {
            answered.complete(badToken);
            return;
        }
        if (McpMethodNames.PING.equals(method)) {
            answered.complete(new JsonRpcResultResponse(request.id(), EmptyResult.of()));
            return;
        }
        JsonRpcMessage own = lifecycle.answer(request);
        if (own != null) {
            answered.complete(own);
            return;
        }
        String refusal = lifecycle.refuseInbound(method);
        if (refusal != null) {
            answered.complete(InboundRequests.error(request.id(), ErrorCodes.INVALID_REQUEST, refusal));
            return;
        }
        RequestHandler handler = handlers.request(method);
        if (handler == null) {
            answered.complete(InboundRequests.error(request.id(), ErrorCodes.METHOD_NOT_FOUND,
                    "method not found: " + method));
            return;
        }
        inbound.dispatch(request, handler, meta, null, principal, answered);
    }

    /** A request of the stateless era: checked, answered by its handler, and completed with what the era adds. */
    private void answerStateless(JsonRpcRequest request, JsonObject meta, Principal principal,
            CompletableFuture<JsonRpcMessage> answered) {
        RequestMeta admitted;
        try {
            admitted = stateless.admit(request, meta);
        } catch (StatelessServer.Refusal refusal) {
            answered.complete(refusal.response());
            return;
        }
        RequestHandler handler = handlers.request(request.method());
        if (handler == null) {
            answered.complete(InboundRequests.error(request.id(), ErrorCodes.METHOD_NOT_FOUND,
                    "method not found: " + request.method()));
            return;
        }
        CompletableFuture<JsonRpcMessage> handled = new CompletableFuture<>();
        handled.thenApply(answer -> answer == null ? null : stateless.decorate(request.method(), answer))
                .whenComplete((answer, failure) -> {
                    if (failure != null) {
                        answered.completeExceptionally(failure);
                    } else {
                        answered.complete(answer);
                    }
                });
        inbound.dispatch(request, handler, meta, admitted, principal, handled);
    }

    /**
     * Every request is checked, those the engine answers itself (such as {@code ping}) too: a token
     * that cannot be echoed in {@code notifications/progress} is refused, never dropped. (A
     * stateless request is checked by {@link StatelessServer#admit}, before it answers
     * {@code server/discover}.)
     *
     * @return the {@code -32602} for a {@code _meta.progressToken} of the wrong type; null when it is absent or well-formed
     */
    static JsonRpcErrorResponse refuseProgressToken(JsonRpcRequest request, JsonObject meta) {
        ProtocolException malformed = Meta.malformedProgressToken(meta);
        return malformed == null ? null : new JsonRpcErrorResponse(request.id(), malformed.toError());
    }

    private void onNotification(JsonRpcNotification notification) {
        switch (notification.method()) {
            case McpMethodNames.CANCELLED -> {
                if (notification.params() instanceof CancelledNotificationParams params && params.requestId() != null) {
                    inbound.cancel(params.requestId(), params.reason());
                }
            }
            case McpMethodNames.PROGRESS -> {
                if (notification.params() instanceof ProgressNotificationParams params) {
                    onProgress(params);
                }
            }
            default -> {
                if (lifecycle.accept(notification)) {
                    return;
                }
                NotificationHandler handler = handlers.notification(notification.method());
                if (handler == null) {
                    LOG.log(Level.DEBUG, "{0} ignores {1}: no handler", name, notification.method());
                    return;
                }
                notifications.execute(() -> {
                    try {
                        handler.handle(notification.params(), facade);
                    } catch (Exception e) {
                        LOG.log(Level.WARNING, "the handler of " + notification.method() + " failed", e);
                    }
                });
            }
        }
    }

    private void onProgress(ProgressNotificationParams params) {
        Pending pending = outbound.withToken(params.progressToken());
        if (pending == null || pending.listener == null) {
            LOG.log(Level.DEBUG, "{0} ignores progress for unknown token {1}", name, params.progressToken());
            return;
        }
        try {
            pending.listener.onProgress(params);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "a progress listener of " + pending.method + " failed", e);
        }
    }

    private void onBatch(JsonRpcBatch batch, Principal principal) {
        String version = protocolVersion();
        if (!ProtocolVersions.V2025_03_26.equals(version)) {
            refuse(batch, version);
            return;
        }
        List<CompletableFuture<JsonRpcMessage>> replies = new ArrayList<>();
        for (JsonRpcMessage message : batch.messages()) {
            if (message instanceof JsonRpcRequest) {
                replies.add(new CompletableFuture<>());
            }
        }
        if (!replies.isEmpty()) {
            sendWhenAllAnswered(replies);
        }
        int next = 0;
        for (JsonRpcMessage message : batch.messages()) {
            if (message instanceof JsonRpcRequest request) {
                answer(request, principal, replies.get(next++));
            } else {
                route(message, principal);
            }
        }
    }

    /** Attached before the batch's requests start, as for a single request (see {@link #answer}). */
    private void sendWhenAllAnswered(List<CompletableFuture<JsonRpcMessage>> replies) {
        CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).whenComplete((ignored, failure) -> {
            List<JsonRpcMessage> answers = new ArrayList<>();
            for (CompletableFuture<JsonRpcMessage> reply : replies) {
                JsonRpcMessage answer = reply.isCompletedExceptionally() ? null : reply.join();
                if (answer != null) {
                    answers.add(answer);
                }
            }
            if (!answers.isEmpty()) {
                transmit(new JsonRpcBatch(answers)).whenComplete((sent, failure2) -> {
                    // as for a single answer: a cancellation no longer matters, what it held is given back
                    for (JsonRpcMessage answer : answers) {
                        if (answer instanceof JsonRpcResultResponse result) {
                            inbound.written(result.id());
                        } else if (answer instanceof JsonRpcErrorResponse error && error.id() != null) {
                            inbound.written(error.id());
                        }
                    }
                    if (failure2 != null) {
                        LOG.log(closed.get() ? Level.DEBUG : Level.WARNING, name + " could not send a response",
                                failure2);
                    }
                });
            }
        });
    }

    /** Each request of a refused batch gets its own error, so that no caller waits for a timeout. */
    private void refuse(JsonRpcBatch batch, String version) {
        String message = "batch refused: JSON-RPC batches are accepted only under protocol version "
                + ProtocolVersions.V2025_03_26 + ", and this session "
                + (version == null ? "has not negotiated one yet" : "uses " + version);
        boolean answered = false;
        for (JsonRpcMessage element : batch.messages()) {
            if (element instanceof JsonRpcRequest request) {
                reply(InboundRequests.error(request.id(), ErrorCodes.INVALID_REQUEST, message));
                answered = true;
            }
        }
        if (!answered) {
            reply(InboundRequests.error(null, ErrorCodes.INVALID_REQUEST, message));
        }
    }

    @Override
    public void onUnreadable(ProtocolException error) {
        if (closed.get()) {
            return;
        }
        // a result we could not read fails our own request instead of being answered; an error tied
        // to a method refuses a request of the peer's, whose id may equal one of ours by chance
        Pending pending = error.requestId() == null || error.method() != null ? null : outbound.take(error.requestId());
        if (pending != null) {
            pending.fail(error);
            return;
        }
        if (side == Side.CLIENT) {
            // JSON-RPC has the server answer bad input, not the client: an error response from us would
            // answer no request of the server's (the Java SDK refuses one without an id, then stops)
            String id = error.requestId() == null ? "" : ", id " + error.requestId();
            LOG.log(Level.WARNING, "{0} ignored input from the server that it could not read ({1}{2}): {3}",
                    name, Integer.toString(error.code()), id, error.getMessage());
            return;
        }
        if (error.requestId() == null && error.method() != null) {
            // a notification, read to its end, whose params were refused: JSON-RPC answers no
            // notification, errors included (the Java SDK stops at an error without an id)
            LOG.log(Level.DEBUG, "{0} ignored a {1} notification it could not read: {2}", name, error.method(),
                    error.getMessage());
            return;
        }
        LOG.log(Level.DEBUG, "{0} received unreadable input: {1}", name, error.getMessage());
        JsonRpcErrorResponse removed = stateless != null && lifecycle.negotiated() == null
                ? StatelessServer.removedMethod(error) : null;
        reply(removed != null ? removed : JsonRpcErrorResponse.of(error));
    }

    @Override
    public void onClosed(Throwable cause) {
        close(cause);
    }

    @Override
    public PendingRequests pendingRequests() {
        return reading;
    }

    // ---- state ----

    @Override
    public Negotiated negotiated() {
        return lifecycle.negotiated();
    }

    public String protocolVersion() {
        Negotiated negotiated = lifecycle.negotiated();
        return negotiated == null ? null : negotiated.protocolVersion();
    }

    public boolean isOpen() {
        return !closed.get();
    }

    public CompletableFuture<Void> onClose() {
        return closeFuture;
    }

    /** @return the failure that closed the session, once {@link #onClose()} has completed; else null */
    public Throwable closeCause() {
        return closeCause;
    }

    /** @return outbound requests waiting for a response plus inbound requests being handled */
    public int pendingCount() {
        return outbound.size() + inbound.size();
    }

    public void close() {
        close(null);
    }

    /** Fails what waits, cancels what runs, stops the session's threads and closes the transport. */
    void close(Throwable cause) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeCause = cause;
        for (Pending pending : outbound.drain()) {
            pending.fail(closedBefore(pending, cause));
        }
        inbound.cancelAll("session closed");
        lifecycle.closed(new SessionClosedException(name + " closed", cause));
        synchronized (timerLock) {
            if (timer != null) {
                timer.shutdownNow();
            }
        }
        if (ownsExecutor) {
            // handlers were cancelled above; the interrupt wakes those that block
            executor.shutdownNow();
        }
        try {
            transport.close();
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, name + ": closing the transport failed", e);
        }
        LOG.log(Level.DEBUG, "{0} closed", name);
        closeFuture.complete(null);
    }

    private SessionClosedException closedBefore(Pending pending, Throwable cause) {
        return new SessionClosedException(name + " closed before " + pending.method + " (id " + pending.id
                + ") was answered", cause);
    }

    @Override
    public String toString() {
        return name + "[protocolVersion=" + protocolVersion() + ", open=" + isOpen() + "]";
    }
}
