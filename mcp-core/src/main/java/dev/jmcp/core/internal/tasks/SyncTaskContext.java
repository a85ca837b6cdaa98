package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.internal.session.AnswerHold;
import dev.jmcp.core.internal.session.AnswerHolder;
import dev.jmcp.core.internal.session.AnswerMemory;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.tasks.TaskContext;
import jakarta.json.JsonObject;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Task work run in its own request, for a client that did not negotiate the extension: everything
 * is the request's, its answer budget included; there is no task to ask input through.
 */
final class SyncTaskContext extends ForwardingContext implements TaskContext, AnswerHolder {
    private final AnswerHold hold;

    SyncTaskContext(RequestContext request) {
        super(request);
        // the request's own hold, released with its answer; a context that counts nothing keeps counting nothing
        this.hold = request instanceof AnswerHolder holder ? holder.answerHold() : AnswerMemory.newHold(request);
    }

    @Override
    public String taskId() {
        return null;
    }

    @Override
    public CompletableFuture<Map<String, JsonObject>> input(Map<String, JsonObject> requests) {
        return CompletableFuture.failedFuture(TaskErrors.extensionRequired(method()
                + " needs input while it runs, which only a task can ask for"));
    }

    @Override
    public AnswerHold answerHold() {
        return hold;
    }
}
