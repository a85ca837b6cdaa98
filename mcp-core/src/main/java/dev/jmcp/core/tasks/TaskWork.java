package dev.jmcp.core.tasks;

import dev.jmcp.schema.Experimental;
import java.time.Duration;
import java.util.Objects;

/**
 * What a request handler answers when its request may be long: the work to run, and whether it
 * may run without a task. The server decides: when the client negotiated the tasks extension
 * ({@link Tasks#negotiated}) and the server serves it, the request is answered at once with a task
 * ({@code resultType: "task"}) and the work runs on; otherwise {@linkplain #optional optional} work
 * runs in the request and answers it as usual, and {@linkplain #required required} work is refused
 * with {@code -32021} naming the extension. A handler may answer with one after earlier rounds of
 * {@code input_required}: the task starts on the round that returns it. Immutable.
 *
 * @since 0.1
 */
@Experimental
public final class TaskWork {
    private final Work work;
    private final boolean required;
    private final Duration ttl;

    private TaskWork(Work work, boolean required, Duration ttl) {
        this.work = Objects.requireNonNull(work, "work");
        this.required = required;
        this.ttl = ttl;
    }

    /** @return work that runs as a task when it can, else in the request */
    public static TaskWork optional(Work work) {
        return new TaskWork(work, false, null);
    }

    /** @return work that runs only as a task */
    public static TaskWork required(Work work) {
        return new TaskWork(work, true, null);
    }

    /**
     * @param value how long the task is kept, in place of {@link TaskSettings#ttl()}; at most
     *              {@link TaskSettings#maxTtl()} is granted; positive
     * @return this work with its own lifetime
     */
    public TaskWork ttl(Duration value) {
        Objects.requireNonNull(value, "ttl");
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + value);
        }
        return new TaskWork(work, required, value);
    }

    /** @return the work */
    public Work work() {
        return work;
    }

    /** @return whether the work runs only as a task */
    public boolean required() {
        return required;
    }

    /** @return the lifetime asked for; null for the server's {@link TaskSettings#ttl()} */
    public Duration ttl() {
        return ttl;
    }

    /** The work of a task. */
    @FunctionalInterface
    public interface Work {
        /**
         * @param task the task's context: cancellation, input, the request that started it
         * @return the result, as a request handler returns one (a record, a {@code JsonObject}, or
         *         a {@code CompletionStage} of either); a {@code ProtocolException} makes the task
         *         {@code failed} with that error
         * @throws Exception any failure: the task fails with {@code -32603}
         */
        Object run(TaskContext task) throws Exception;
    }
}
