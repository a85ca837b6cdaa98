package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.Failures;

import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonObject;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * The inbound requests being handled: bounded by {@code maxRequestsInFlightPerSession}, run on the handler
 * executor, cancellable by the peer. Each yields the response to send, or null when none is sent
 * (the request was cancelled).
 */
final class InboundRequests {
    private static final System.Logger LOG = System.getLogger(InboundRequests.class.getName());

    private final SessionEngine engine;
    private final Executor executor;
    private final int maxInFlight;
    private final RequestBudget budget;
    private final Map<RequestId, HandlerContext> inFlight = new ConcurrentHashMap<>();
    /**
     * Answered requests whose response the transport is still writing. A response can read a lazy
     * blob while it is written, so a cancellation must still reach its context; these no longer
     * count against {@code maxRequestsInFlightPerSession}.
     */
    private final Map<RequestId, HandlerContext> writing = new ConcurrentHashMap<>();

    /** @param budget the server-wide bound shared with other sessions; null for none */
    InboundRequests(SessionEngine engine, Executor executor, int maxInFlight, RequestBudget budget) {
        this.engine = engine;
        this.executor = executor;
        this.maxInFlight = maxInFlight;
        this.budget = budget;
    }

    /**
     * Called on the transport's thread, one request at a time.
     *
     * @param meta      the request's {@code _meta}; may be null
     * @param stateless what a stateless request says about itself; null for a request of the session
     * @param principal whom the transport authenticated the request as; null when it did not
     * @param reply     completed with the response to send, or null when none is sent (the request
     *                  was cancelled); at once when the request is refused
     */
    void dispatch(JsonRpcRequest request, RequestHandler handler, JsonObject meta, RequestMeta stateless,
            Principal principal, CompletableFuture<JsonRpcMessage> reply) {
        RequestId id = request.id();
        if (inFlight.size() >= maxInFlight) {
            reply.complete(error(id, ErrorCodes.INTERNAL_ERROR,
                    "too many requests in flight: maxRequestsInFlightPerSession=" + maxInFlight));
            return;
        }
        // a listen lasts as long as the client wants it: it has a bound of its own, not this one
        boolean budgeted = budget != null && !McpMethodNames.SUBSCRIPTIONS_LISTEN.equals(request.method());
        if (budgeted && !budget.tryAcquire()) {
            reply.complete(error(id, ErrorCodes.INTERNAL_ERROR, budget.refusal()));
            return;
        }
        HandlerContext context = new HandlerContext(engine, request, meta, stateless, principal);
        if (inFlight.putIfAbsent(id, context) != null) {
            if (budgeted) {
                budget.release();
            }
            reply.complete(error(id, ErrorCodes.INVALID_REQUEST,
                    "request id " + id + " is already in flight; a request id must not be reused"));
            return;
        }
        if (budgeted) {
            context.onFinish(budget::release);
        }
        try {
            executor.execute(() -> run(handler, context, reply));
        } catch (RejectedExecutionException e) {
            // the session is closing: nobody will read an answer
            finish(context, reply, null);
        }
    }

    /**
     * Frees the request's slot, then hands over its answer: in this order, so that a peer that
     * sends its next request as soon as it has the answer never finds the slot still taken.
     */
    private void finish(HandlerContext context, CompletableFuture<JsonRpcMessage> reply, JsonRpcMessage answer) {
        if (answer != null) {
            writing.put(context.requestId(), context);
        }
        if (inFlight.remove(context.requestId(), context)) {
            context.finished();
        }
        reply.complete(answer);
    }

    /** The response to {@code id} has been written (or could not be): a cancellation no longer matters. */
    void written(RequestId id) {
        writing.remove(id);
    }

    /** The peer no longer wants an answer; unknown ids are ignored, as the spec asks. */
    void cancel(RequestId id, String reason) {
        HandlerContext context = inFlight.get(id);
        if (context == null) {
            context = writing.get(id);
        }
        if (context == null) {
            LOG.log(Level.DEBUG, "ignoring notifications/cancelled for unknown or finished request {0}", id);
            return;
        }
        context.cancel(reason == null ? "cancelled by the peer" : reason);
    }

    void cancelAll(String reason) {
        for (HandlerContext context : inFlight.values()) {
            context.cancel(reason);
            context.finished();
        }
        for (HandlerContext context : writing.values()) {
            context.cancel(reason);
        }
        inFlight.clear();
        writing.clear();
    }

    int size() {
        return inFlight.size();
    }

    /** @return how many answered requests still have their response being written */
    int writingSize() {
        return writing.size();
    }

    private void run(RequestHandler handler, HandlerContext context, CompletableFuture<JsonRpcMessage> reply) {
        if (context.isCancelled()) {
            finish(context, reply, null);
            return;
        }
        Object value;
        try {
            value = handler.handle(context.params(), context);
        } catch (Throwable failure) {
            finish(context, reply, failure(context, failure));
            if (failure instanceof VirtualMachineError fatal) {
                throw fatal;
            }
            return;
        }
        if (value instanceof CompletionStage<?> stage) {
            if (stage instanceof CompletableFuture<?> future) {
                context.stage(future);
            }
            stage.whenComplete((result, failure) -> finish(context, reply,
                    failure == null ? success(context, result) : failure(context, Failures.unwrap(failure))));
        } else {
            finish(context, reply, success(context, value));
        }
    }

    private JsonRpcMessage success(HandlerContext context, Object result) {
        if (context.isCancelled()) {
            return null;
        }
        if (result == null) {
            return new JsonRpcResultResponse(context.requestId(), EmptyResult.of());
        }
        if (!(result instanceof Record) && !(result instanceof JsonObject)) {
            LOG.log(Level.WARNING, "the handler of {0} returned a {1}, which is not a result record or a JsonObject",
                    context.method(), result.getClass().getName());
            return internalError(context);
        }
        return new JsonRpcResultResponse(context.requestId(), result);
    }

    private JsonRpcMessage failure(HandlerContext context, Throwable failure) {
        if (context.isCancelled()) {
            LOG.log(Level.DEBUG, "{0} (id {1}) ended after cancellation: {2}", context.method(),
                    context.requestId(), failure.toString());
            return null;
        }
        if (failure instanceof ProtocolException protocol) {
            return new JsonRpcErrorResponse(context.requestId(), protocol.toError());
        }
        // the peer learns only that it failed; the detail stays in our log
        LOG.log(Level.WARNING, "the handler of " + context.method() + " (id " + context.requestId() + ") failed",
                failure);
        return internalError(context);
    }

    private static JsonRpcMessage internalError(HandlerContext context) {
        return error(context.requestId(), ErrorCodes.INTERNAL_ERROR, "internal error while handling " + context.method());
    }


    static JsonRpcErrorResponse error(RequestId id, int code, String message) {
        return new JsonRpcErrorResponse(id, new JsonRpcError(code, message, null));
    }
}
