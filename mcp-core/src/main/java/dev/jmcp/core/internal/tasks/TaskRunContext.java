package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.internal.session.AnswerHold;
import dev.jmcp.core.internal.session.AnswerHolder;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.tasks.TaskContext;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.lifecycle.LoggingLevel;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The context of a task's work once its request has been answered: the request's identity and
 * capabilities, the task's cancellation, and the task's own hold on the answer budget (what the
 * work makes is kept with the task, after the request's hold was given back).
 */
final class TaskRunContext extends ForwardingContext implements TaskContext, AnswerHolder {
    private final Task task;
    private final TaskStore store;

    TaskRunContext(RequestContext request, Task task, TaskStore store) {
        super(request);
        this.task = task;
        this.store = store;
    }

    @Override
    public String taskId() {
        return task.id;
    }

    @Override
    public boolean isCancelled() {
        return task.isCancelled();
    }

    @Override
    public void onCancel(Runnable listener) {
        task.onCancel(Objects.requireNonNull(listener, "listener"));
    }

    /** None: the request's answer (the task) has been sent, so there is no stream to report on. */
    @Override
    public ProgressToken progressToken() {
        return null;
    }

    @Override
    public CompletableFuture<Void> progress(double progress, Double total, String message) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> log(LoggingLevel level, String logger, JsonValue data) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Map<String, JsonObject>> input(Map<String, JsonObject> requests) {
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("a task asks for at least one input");
        }
        return task.ask(requests, store.now());
    }

    @Override
    public AnswerHold answerHold() {
        return task.hold();
    }
}
