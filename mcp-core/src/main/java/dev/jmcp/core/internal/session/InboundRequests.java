package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonObject;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

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
    /** The open {@code subscriptions/listen} requests among {@link #inFlight}, which hold no place of it. */
    private final AtomicInteger listening = new AtomicInteger();
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
        // a listen lasts as long as the client wants it: it has a bound of its own (maxOpenListens),
        // not these, which are for requests that finish
        boolean listen = !RequestBudget.counts(request.method());
        if (!listen && inFlight.size() - listening.get() >= maxInFlight) {
            reply.complete(error(id, ErrorCodes.INTERNAL_ERROR,
                    "too many requests in flight: maxRequestsInFlightPerSession=" + maxInFlight));
            return;
        }
        boolean budgeted = budget != null && !listen;
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
        if (listen) {
            listening.incrementAndGet();
            context.onFinish(listening::decrementAndGet);
        } else if (budgeted) {
            context.onFinish(budget::release);
        }
        try {
            executor.execute(() -> HandlerRun.run(handler, context, answer -> finish(context, reply, answer)));
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
        } else {
            context.answerHold().release(); // nothing will be written: what was made for it is gone
        }
        if (inFlight.remove(context.requestId(), context)) {
            context.finished();
        }
        reply.complete(answer);
    }

    /** The response to {@code id} has been written (or could not be): a cancellation no longer matters. */
    void written(RequestId id) {
        HandlerContext context = writing.remove(id);
        if (context != null) {
            context.answerHold().release();
        }
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
            context.answerHold().release();
        }
        for (HandlerContext context : writing.values()) {
            context.cancel(reason);
            context.answerHold().release();
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

    static JsonRpcErrorResponse error(RequestId id, int code, String message) {
        return new JsonRpcErrorResponse(id, new JsonRpcError(code, message, null));
    }
}
