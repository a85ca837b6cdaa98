package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.transport.Era;
import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.core.spi.ToolSchemas;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonObject;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One stateless (2026-07-28) request on a transport that carries only it
 * ({@link McpTransport#carriesOneRequest()}), served without a session: no engine, handshake,
 * handler table or notification queue of its own, only what the server made once
 * ({@link ServerShared}) and the request's context. It keeps what a session would do for the
 * request: the {@code _meta} checks and {@code server/discover} ({@link StatelessServer#admit}),
 * the server-wide bound on requests in flight, the handler on the handler threads, progress, log
 * messages at the level the request asked for, {@code requestState}, what the era adds to the
 * result, and cancellation when the transport closes before the answer is written (a client that
 * went). A {@code subscriptions/listen} stream lives as long as the transport.
 *
 * <p>A message that is not a stateless request is refused, since a session could not outlive the
 * transport: a request whose {@code _meta} names no revision of the era gets {@code -32600}, and a
 * notification or a response is dropped.
 */
public final class StatelessCall implements McpTransport.Listener, RequestHost, ServerConnection {
    private static final System.Logger LOG = System.getLogger(StatelessCall.class.getName());

    private final McpTransport transport;
    private final ServerShared shared;
    private final ServerSession face;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();
    private final PendingRequests reading;
    private volatile Throwable closeCause;
    /** The request's context from its dispatch until its answer has been written: what closing cancels. */
    private volatile HandlerContext running;
    /** True once the handler has answered: closing then only cancels what the answer still reads. */
    private volatile boolean answered;

    private StatelessCall(McpTransport transport, ServerShared shared) {
        this.transport = transport;
        this.shared = shared;
        this.face = ServerSessionAccess.face(this);
        HandlerTable handlers = shared.handlers();
        this.reading = new PendingRequests() {
            @Override
            public String methodOf(RequestId id) {
                return null; // a stateless server sends no request
            }

            @Override
            public boolean paramsAsJson(String method) {
                return handlers.paramsAsJson(method);
            }
        };
    }

    /**
     * Starts serving the request {@code transport} carries.
     *
     * @param transport not yet started; never null
     * @param shared    the server's; its {@link ServerShared#stateless()} is not null
     * @return the face a handler sees as its session, which closes with the transport; never null
     */
    public static ServerSession serve(McpTransport transport, ServerShared shared) {
        Objects.requireNonNull(transport, "transport");
        if (shared.stateless() == null) {
            throw new IllegalArgumentException("a server that speaks only the handshake era serves no stateless request");
        }
        StatelessCall call = new StatelessCall(transport, shared);
        transport.start(call);
        return call.face;
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
            if (payload instanceof JsonRpcRequest request) {
                answer(request, principal);
            } else if (payload instanceof JsonRpcBatch) {
                reply(InboundRequests.error(null, ErrorCodes.INVALID_REQUEST,
                        "batch refused: the stateless revisions " + Era.STATELESS_VERSIONS + " have no batches"));
            } else {
                LOG.log(Level.DEBUG, "{0} dropped a message that is not a request", this);
            }
        } catch (RuntimeException e) {
            // a transport must never see an exception from the server
            LOG.log(Level.WARNING, this + " could not process its request", e);
        }
    }

    private void answer(JsonRpcRequest request, Principal principal) {
        JsonObject meta = Meta.of(request.params());
        if (!Era.claimedBy(meta)) {
            reply(InboundRequests.error(request.id(), ErrorCodes.INVALID_REQUEST, "a connection that carries one "
                    + "request serves the stateless revisions " + Era.STATELESS_VERSIONS + " only: params._meta must "
                    + "name the request's protocol version"));
            return;
        }
        StatelessServer stateless = shared.stateless();
        RequestMeta admitted;
        try {
            admitted = stateless.admit(request, meta);
        } catch (StatelessServer.Refusal refusal) {
            reply(refusal.response());
            return;
        }
        RequestHandler handler = shared.handlers().request(request.method());
        if (handler == null) {
            reply(InboundRequests.error(request.id(), ErrorCodes.METHOD_NOT_FOUND, "method not found: "
                    + request.method()));
            return;
        }
        RequestBudget budget = shared.budget();
        boolean budgeted = RequestBudget.counts(request.method());
        if (budgeted && !budget.tryAcquire()) {
            reply(InboundRequests.error(request.id(), ErrorCodes.INTERNAL_ERROR, budget.refusal()));
            return;
        }
        HandlerContext context = new HandlerContext(this, request, meta, admitted, principal);
        if (budgeted) {
            context.onFinish(budget::release);
        }
        running = context;
        if (closed.get()) { // the transport closed meanwhile, and close() may not have seen the context
            context.cancel("the connection closed");
            context.finished();
            context.answerHold().release();
            return;
        }
        try {
            shared.executor().execute(() -> HandlerRun.run(handler, context, answer -> finish(context, answer)));
        } catch (RejectedExecutionException e) {
            // the server is closing: nobody will answer
            context.finished();
            context.answerHold().release();
            close();
        }
    }

    /** Frees the request's place, then sends its answer: a client that sends its next request at once finds the place free. */
    private void finish(HandlerContext context, JsonRpcMessage answer) {
        answered = true;
        context.finished();
        if (answer == null) {
            context.answerHold().release(); // cancelled, the transport has closed: nothing will be written
            return;
        }
        JsonRpcMessage decorated = shared.stateless().decorate(context.method(), answer);
        transmit(decorated).whenComplete((ignored, failure) -> {
            running = null; // written: a cancellation no longer matters
            context.answerHold().release();
            if (failure != null) {
                LOG.log(closed.get() ? Level.DEBUG : Level.WARNING, this + " could not send its answer", failure);
            }
        });
    }

    @Override
    public void onUnreadable(ProtocolException error) {
        if (closed.get()) {
            return;
        }
        if (error.requestId() == null && error.method() != null) {
            // a notification whose params were refused: JSON-RPC answers no notification
            LOG.log(Level.DEBUG, "{0} ignored a {1} notification it could not read: {2}", this, error.method(),
                    error.getMessage());
            return;
        }
        JsonRpcErrorResponse removed = StatelessServer.removedMethod(error);
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

    @Override
    public ToolSchemas toolSchemas() {
        return shared.handlers().toolSchemas();
    }

    // ---- outbound ----

    private void reply(JsonRpcMessage answer) {
        transmit(answer).whenComplete((ignored, failure) -> {
            if (failure != null) {
                LOG.log(closed.get() ? Level.DEBUG : Level.WARNING, this + " could not send its answer", failure);
            }
        });
    }

    private CompletableFuture<Void> transmit(JsonRpcPayload payload) {
        if (closed.get()) {
            return CompletableFuture.failedFuture(new SessionClosedException(this + " is closed", null));
        }
        try {
            CompletableFuture<Void> sent = transport.send(payload);
            return sent != null ? sent : CompletableFuture.completedFuture(null);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public <R> CompletableFuture<R> request(String method, Object params, Class<R> resultType, RequestOptions options) {
        return CompletableFuture.failedFuture(new McpException("cannot send " + method + ": a stateless ("
                + String.join(", ", Era.STATELESS_VERSIONS) + ") server sends no request of its own; it asks for "
                + "input with an input_required result"));
    }

    @Override
    public CompletableFuture<Void> notify(String method, Object params) {
        if (McpMethodNames.LOGGING_MESSAGE.equals(method)) {
            // the request says in its _meta whether it wants log messages, which RequestContext.log honours;
            // a message sent past it would break the spec's MUST
            LOG.log(Level.DEBUG, "{0} drops a notifications/message sent outside RequestContext.log", this);
            return CompletableFuture.completedFuture(null);
        }
        return transmit(new JsonRpcNotification(method, params));
    }

    @Override
    public CompletableFuture<Void> notifyLog(Object params) {
        return transmit(new JsonRpcNotification(McpMethodNames.LOGGING_MESSAGE, params));
    }

    // ---- state ----

    @Override
    public McpSession facade() {
        return face;
    }

    @Override
    public RequestStates requestStates() {
        return shared.requestStates();
    }

    @Override
    public Budget answerBudget() {
        return transport.answerBudget();
    }

    @Override
    public Negotiated negotiated() {
        return null;
    }

    @Override
    public CompletableFuture<Negotiated> initialized() {
        // a stateless request negotiates nothing: what waits for a handshake learns when the request ends
        return closeFuture.thenCompose(ignored -> CompletableFuture.failedFuture(new SessionClosedException(this
                + " closed: a stateless request has no initialize handshake", closeCause)));
    }

    @Override
    public boolean isOpen() {
        return !closed.get();
    }

    @Override
    public CompletableFuture<Void> onClose() {
        return closeFuture;
    }

    @Override
    public Throwable closeCause() {
        return closeCause;
    }

    @Override
    public void close() {
        close(null);
    }

    /** Cancels the request unless its answer has been written, and closes the transport. */
    private void close(Throwable cause) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeCause = cause;
        HandlerContext context = running;
        if (context != null) {
            context.cancel("the connection closed");
            if (!answered) {
                context.finished();
                context.answerHold().release();
            }
        }
        try {
            transport.close();
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, this + ": closing the transport failed", e);
        }
        closeFuture.complete(null);
    }

    @Override
    public String toString() {
        return "StatelessCall[" + transport + "]";
    }
}
