package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.Failures;
import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * Runs one request's handler and turns what it gives (a result, a stage, a failure) into the
 * response to send: the same for a request of a session ({@link InboundRequests}) and a stateless
 * request served on its own ({@link StatelessCall}).
 */
final class HandlerRun {
    private static final System.Logger LOG = System.getLogger(HandlerRun.class.getName());

    private HandlerRun() {
    }

    /**
     * Runs {@code handler} on the calling thread (a handler thread) and hands its response to
     * {@code done} once: at once, or when the stage it returned completes. The response is null
     * when none is to be sent (the request was cancelled).
     */
    static void run(RequestHandler handler, HandlerContext context, Consumer<JsonRpcMessage> done) {
        if (context.isCancelled()) {
            done.accept(null);
            return;
        }
        Object value;
        try {
            value = handler.handle(context.params(), context);
        } catch (Throwable failure) {
            done.accept(failure(context, failure));
            if (failure instanceof VirtualMachineError fatal) {
                throw fatal;
            }
            return;
        }
        if (value instanceof CompletionStage<?> stage) {
            if (stage instanceof CompletableFuture<?> future) {
                context.stage(future);
            }
            stage.whenComplete((result, failure) -> done.accept(
                    failure == null ? success(context, result) : failure(context, Failures.unwrap(failure))));
        } else {
            done.accept(success(context, value));
        }
    }

    private static JsonRpcMessage success(HandlerContext context, Object result) {
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

    private static JsonRpcMessage failure(HandlerContext context, Throwable failure) {
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
        return InboundRequests.error(context.requestId(), ErrorCodes.INTERNAL_ERROR,
                "internal error while handling " + context.method());
    }
}
