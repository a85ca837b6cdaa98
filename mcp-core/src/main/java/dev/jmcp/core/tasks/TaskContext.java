package dev.jmcp.core.tasks;

import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.Experimental;
import jakarta.json.JsonObject;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What the {@linkplain TaskWork.Work work} of a task sees: the request that started it (its era,
 * client capabilities, principal and {@code _meta}), whose cancellation is now the task's
 * ({@code tasks/cancel}, or the end of its lifetime). The request's answer (the task) has been sent,
 * so {@link #progress} and {@link #log} send nothing. Work that runs in its request instead (the
 * client did not negotiate the extension; {@link #taskId()} is null) sees the request's own
 * cancellation, progress and log. Thread-safe.
 *
 * @since 0.1
 */
@Experimental
public interface TaskContext extends RequestContext {

    /** @return the task's id; null when the work runs without a task, in the request itself */
    String taskId();

    /**
     * Asks the client for input: the task reports {@code input_required} with these
     * {@code inputRequests} until {@code tasks/update} has answered every key, then works on.
     *
     * @param requests the requests ({@code {method, params}}, such as {@code elicitation/create}) by
     *                 key, at least one; never null
     * @return completes with the answers by key; fails with {@code -32021} when the work runs
     *         without a task (the client did not negotiate the extension), since then there is no
     *         way to ask; cancelled with the task
     */
    CompletableFuture<Map<String, JsonObject>> input(Map<String, JsonObject> requests);
}
