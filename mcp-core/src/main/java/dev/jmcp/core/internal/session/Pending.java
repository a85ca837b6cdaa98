package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.ProgressListener;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

/** One outbound request that waits for its response. */
final class Pending {
    final RequestId id;
    final String method;
    final ProgressToken token;
    final ProgressListener listener;
    final Duration timeout;
    private final Class<?> resultType;
    private final CompletableFuture<Object> future;
    private volatile ScheduledFuture<?> timeoutTask;

    @SuppressWarnings("unchecked")
    <R> Pending(RequestId id, String method, Class<R> resultType, CompletableFuture<R> future, ProgressToken token,
            ProgressListener listener, Duration timeout) {
        this.id = id;
        this.method = method;
        this.resultType = resultType;
        // safe: only values that passed resultType.cast reach complete()
        this.future = (CompletableFuture<Object>) (CompletableFuture<?>) future;
        this.token = token;
        this.listener = listener;
        this.timeout = timeout;
    }

    /** @return whether the caller wants the result as the JSON object sent, not as its method's record */
    boolean wantsJson() {
        return resultType == JsonObject.class;
    }

    /** The spec forbids cancelling {@code initialize}. */
    boolean cancellable() {
        return !McpMethodNames.INITIALIZE.equals(method);
    }

    void timeoutTask(ScheduledFuture<?> task) {
        this.timeoutTask = task;
    }

    void cancelTimeout() {
        ScheduledFuture<?> task = timeoutTask;
        if (task != null) {
            task.cancel(false);
        }
    }

    CompletableFuture<Object> future() {
        return future;
    }

    void succeed(Object result) {
        try {
            future.complete(Results.convert(id, method, result, resultType));
        } catch (ProtocolException e) {
            future.completeExceptionally(e);
        }
    }

    void fail(Throwable failure) {
        future.completeExceptionally(failure);
    }
}
