package dev.jmcp.core.internal.resources;

import dev.jmcp.core.internal.Failures;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.McpException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;

/** How a client's resources API sends its requests and waits for them: MCP's and a resources dialect's alike. */
public final class ClientCalls {
    private ClientCalls() {
    }

    /**
     * Sends a request whose failures come out translated, and whose cancellation reaches the session.
     *
     * @param translate turns the failure, out of its future's wrappers, into what the caller sees
     *                  (such as "not found" into {@link dev.jmcp.core.resources.ResourceNotFoundException})
     */
    public static <R> CompletableFuture<R> call(ClientSession session, String method, Object params, Class<R> type,
            RequestOptions options, UnaryOperator<Throwable> translate) {
        CompletableFuture<R> sent = session.sendRequest(method, params, type, options);
        CompletableFuture<R> result = new CompletableFuture<>();
        sent.whenComplete((value, failure) -> {
            if (failure == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(translate.apply(Failures.unwrap(failure)));
            }
        });
        result.whenComplete((value, failure) -> {
            if (result.isCancelled()) {
                sent.cancel(false);
            }
        });
        return result;
    }

    /** Waits for a call, throwing its failure as it is; the session's timer ends it at the call's timeout. */
    public static <R> R await(CompletableFuture<R> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = Failures.unwrap(e);
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new McpException(String.valueOf(cause.getMessage()), cause);
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw new McpException("interrupted while waiting for the server", e);
        }
    }

    /** @return the failure inside any future's wrappers */
    public static Throwable unwrap(Throwable failure) {
        return Failures.unwrap(failure);
    }
}
