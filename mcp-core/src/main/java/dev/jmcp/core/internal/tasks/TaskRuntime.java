package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.internal.Failures;
import dev.jmcp.core.internal.session.AnswerHold;
import dev.jmcp.core.internal.session.AnswerMemory;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.core.tasks.TaskSettings;
import dev.jmcp.core.tasks.TaskWork;
import dev.jmcp.core.tasks.Tasks;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Where a handler's {@link TaskWork} becomes a task or runs in its request. Every request handler of
 * a server is {@linkplain #wrap wrapped}, so any feature's request may answer with work; the server
 * decides, by the settings (null: the server does not serve the extension) and by what the
 * request's client negotiated. Thread-safe.
 */
public final class TaskRuntime {
    private static final System.Logger LOG = System.getLogger(TaskRuntime.class.getName());
    /** The owner of the tasks of callers without a principal (no authorization on the server). */
    private static final String ANONYMOUS = "";

    private final TaskStore store;
    private final Executor executor;

    /**
     * @param settings null when the server does not serve the tasks extension: optional work then
     *                 always runs in its request
     * @param executor runs the work of tasks; the server's handler threads
     */
    public TaskRuntime(TaskSettings settings, Clock clock, Executor executor) {
        this.store = settings == null ? null : new TaskStore(settings, clock);
        this.executor = executor;
    }

    /** @return whether the server serves the extension (declares it, answers {@code tasks/*}) */
    public boolean enabled() {
        return store != null;
    }

    TaskStore store() {
        return store;
    }

    /** @return {@code handler}, with any {@link TaskWork} it answers run as a task or in the request */
    public RequestHandler wrap(RequestHandler handler) {
        return (params, context) -> adopt(handler.handle(params, context), context);
    }

    /** Forgets every task and stops their work; when the server closes. */
    public void close() {
        if (store != null) {
            store.close();
        }
    }

    static String owner(RequestContext context) {
        return context.principal().map(Principal::subject).orElse(ANONYMOUS);
    }

    private Object adopt(Object answer, RequestContext context) throws Exception {
        if (answer instanceof CompletionStage<?> stage) {
            return adoptLater(stage, context);
        }
        if (!(answer instanceof TaskWork work)) {
            return answer;
        }
        if (store != null && Tasks.negotiated(context)) {
            return start(work, context);
        }
        if (work.required()) {
            throw TaskErrors.extensionRequired(context.method() + " runs only as a task");
        }
        return work.work().run(new SyncTaskContext(context));
    }

    /**
     * A stage may complete with work (a session's input rounds end with it): adopted then. The
     * request's cancellation, which reaches the stage the handler run holds, is passed on to the
     * handler's own stage.
     */
    private CompletableFuture<Object> adoptLater(CompletionStage<?> stage, RequestContext context) {
        CompletableFuture<Object> out = new CompletableFuture<>();
        stage.whenComplete((value, failure) -> {
            if (failure != null) {
                out.completeExceptionally(failure);
                return;
            }
            try {
                staged(adopt(value, context)).whenComplete((result, later) -> {
                    if (later != null) {
                        out.completeExceptionally(later);
                    } else {
                        out.complete(result);
                    }
                });
            } catch (Throwable e) {
                out.completeExceptionally(e);
            }
        });
        if (stage instanceof CompletableFuture<?> running) {
            out.whenComplete((result, failure) -> {
                if (out.isCancelled()) {
                    running.cancel(false);
                }
            });
        }
        return out;
    }

    /** Creates the task (findable before its answer leaves), starts its work, and answers with the task. */
    private JsonObject start(TaskWork work, RequestContext context) {
        AnswerHold hold = AnswerMemory.newHold(context);
        Task task = store.create(owner(context), work.ttl(), hold);
        TaskRunContext run = new TaskRunContext(context, task, store);
        JsonObject created = task.created();
        try {
            executor.execute(() -> {
                try {
                    Object value = work.work().run(run);
                    staged(value).whenComplete((result, failure) -> finish(task, run, result, failure));
                } catch (Throwable failure) {
                    finish(task, run, null, failure);
                }
            });
        } catch (RejectedExecutionException closing) {
            finish(task, run, null, closing); // the server is closing: the task fails rather than stays working
        }
        return created;
    }

    private void finish(Task task, TaskRunContext run, Object result, Throwable failure) {
        if (task.isTerminal()) {
            return; // cancelled, or dropped: what it made is not kept
        }
        if (failure == null) {
            try {
                JsonObject json = ResultJson.encode(result == null ? JsonValue.EMPTY_JSON_OBJECT : result, task.hold(),
                        task::isCancelled, "the result of task " + task.id + " (" + run.method() + ")");
                if (!task.complete(json, store.now())) {
                    task.hold().release();
                }
                return;
            } catch (Throwable e) {
                failure = e;
            }
        }
        Throwable cause = Failures.unwrap(failure);
        if (cause instanceof CancellationException && task.isTerminal()) {
            return;
        }
        task.fail(error(task, run, cause), store.now());
    }

    private static JsonObject error(Task task, TaskRunContext run, Throwable cause) {
        ProtocolException protocol;
        if (cause instanceof ProtocolException known) {
            protocol = known;
        } else {
            // the client learns only that it failed; the detail stays in our log
            LOG.log(Level.WARNING, "task " + task.id + " of " + run.method() + " failed", cause);
            protocol = new ProtocolException(ErrorCodes.INTERNAL_ERROR, "internal error while running task "
                    + task.id + " of " + run.method());
        }
        JsonObjectBuilder error = JsonRuntime.provider().createObjectBuilder().add("code", protocol.code())
                .add("message", String.valueOf(protocol.getMessage()));
        if (protocol.data() != null) {
            error.add("data", protocol.data());
        }
        return error.build();
    }

    @SuppressWarnings("unchecked") // a handler's answer is an Object, or a stage of one
    private static CompletionStage<Object> staged(Object answer) {
        return answer instanceof CompletionStage<?> stage ? (CompletionStage<Object>) stage
                : CompletableFuture.completedFuture(answer);
    }
}
