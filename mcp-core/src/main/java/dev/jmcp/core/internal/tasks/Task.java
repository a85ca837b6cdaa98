package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.internal.session.AnswerHold;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.common.ResultType;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * One task: its status, and once it ends its result or error, kept until it expires. What it holds
 * of the answer budget (its result, or what its work has made so far) is given back when it is
 * cancelled, fails or is dropped. Thread-safe.
 */
final class Task {
    private static final JsonProvider JSON = JsonRuntime.provider();
    /** The {@code resultType} of a {@code CreateTaskResult}, which only this extension sends. */
    static final String TASK = "task";

    final String id;
    final String owner;
    final Instant createdAt;
    final Duration ttl;
    private final Duration pollInterval;
    private final Duration retention;
    private final AnswerHold hold;
    private final List<Runnable> onCancel = new ArrayList<>();
    private String status = "working";
    private Instant lastUpdatedAt;
    private Instant finishedAt;
    private JsonObject result;
    private JsonObject error;
    /** The input requests not yet answered, by key; empty unless {@code input_required}. */
    private final Map<String, JsonObject> pending = new LinkedHashMap<>();
    private final Map<String, JsonObject> answers = new LinkedHashMap<>();
    private CompletableFuture<Map<String, JsonObject>> waiting;

    Task(String id, String owner, Instant now, Duration ttl, Duration pollInterval, Duration retention, AnswerHold hold) {
        this.id = id;
        this.owner = owner;
        this.createdAt = now;
        this.lastUpdatedAt = now;
        this.ttl = ttl;
        this.pollInterval = pollInterval;
        this.retention = retention;
        this.hold = hold;
    }

    AnswerHold hold() {
        return hold;
    }

    synchronized boolean isCancelled() {
        return "cancelled".equals(status);
    }

    synchronized boolean isTerminal() {
        return finishedAt != null;
    }

    /** @return whether the task is to be dropped at {@code now}: its lifetime has passed, and a result its retention */
    synchronized boolean expired(Instant now) {
        Instant end = createdAt.plus(ttl);
        if (finishedAt != null && finishedAt.plus(retention).isAfter(end)) {
            end = finishedAt.plus(retention);
        }
        return !now.isBefore(end);
    }

    /** Runs {@code listener} when the task is cancelled; at once when it is. */
    void onCancel(Runnable listener) {
        synchronized (this) {
            if (!"cancelled".equals(status)) {
                onCancel.add(listener);
                return;
            }
        }
        listener.run();
    }

    /** Ends a task still working with its result; @return false when it had ended already (cancelled) */
    synchronized boolean complete(JsonObject value, Instant now) {
        if (finishedAt != null) {
            return false;
        }
        result = value;
        end("completed", now);
        return true;
    }

    /** Ends a task still working with a protocol error {@code {code, message, data}} */
    void fail(JsonObject value, Instant now) {
        synchronized (this) {
            if (finishedAt != null) {
                return;
            }
            error = value;
            end("failed", now);
        }
        hold.release();
    }

    /** Cancels a task still working: its listeners stop its work; @return false when it had ended already */
    boolean cancel(Instant now) {
        List<Runnable> listeners;
        CompletableFuture<Map<String, JsonObject>> asked;
        synchronized (this) {
            if (finishedAt != null) {
                return false;
            }
            end("cancelled", now);
            listeners = List.copyOf(onCancel);
            onCancel.clear();
            asked = waiting;
            waiting = null;
            pending.clear();
        }
        listeners.forEach(Runnable::run);
        if (asked != null) {
            asked.cancel(false);
        }
        hold.release();
        return true;
    }

    /** The task is forgotten: stopped if it still works, and what it holds given back. */
    void drop(Instant now) {
        cancel(now);
        hold.release();
    }

    private void end(String to, Instant now) {
        status = to;
        finishedAt = now;
        lastUpdatedAt = now;
    }

    /**
     * Parks the task in {@code input_required} until every key of {@code requests} is answered.
     *
     * @return the answers; cancelled with the task
     */
    CompletableFuture<Map<String, JsonObject>> ask(Map<String, JsonObject> requests, Instant now) {
        synchronized (this) {
            if (finishedAt != null) {
                return CompletableFuture.failedFuture(new CancellationException("task " + id
                        + " has ended"));
            }
            if (waiting != null) {
                throw new IllegalStateException("task " + id + " is waiting for input already");
            }
            pending.putAll(requests);
            answers.clear();
            waiting = new CompletableFuture<>();
            status = "input_required";
            lastUpdatedAt = now;
            return waiting;
        }
    }

    /** Takes the answers to pending keys (others are ignored); once all are in, the task works on. */
    void answer(Map<String, JsonObject> responses, Instant now) {
        CompletableFuture<Map<String, JsonObject>> done = null;
        Map<String, JsonObject> all = null;
        synchronized (this) {
            if (waiting == null) {
                return;
            }
            responses.forEach((key, value) -> {
                if (pending.remove(key) != null) {
                    answers.put(key, value);
                }
            });
            lastUpdatedAt = now;
            if (pending.isEmpty()) {
                done = waiting;
                all = Map.copyOf(answers);
                waiting = null;
                answers.clear();
                status = "working";
            }
        }
        if (done != null) {
            done.complete(all);
        }
    }

    /** @return the task's fields as in {@code CreateTaskResult}: {@code resultType: "task"} and the task */
    synchronized JsonObject created() {
        return fields(JSON.createObjectBuilder().add("resultType", TASK)).build();
    }

    /** @return {@code tasks/get}'s answer: the task, and its result, error or input requests */
    synchronized JsonObject detailed() {
        JsonObjectBuilder out = fields(JSON.createObjectBuilder().add("resultType", ResultType.COMPLETE));
        if (result != null) {
            out.add("result", result);
        } else if (error != null) {
            out.add("error", error);
        } else if (!pending.isEmpty()) {
            JsonObjectBuilder requests = JSON.createObjectBuilder();
            pending.forEach(requests::add);
            out.add("inputRequests", requests);
        }
        return out.build();
    }

    private JsonObjectBuilder fields(JsonObjectBuilder out) {
        return out.add("taskId", id).add("status", status).add("createdAt", createdAt.toString())
                .add("lastUpdatedAt", lastUpdatedAt.toString()).add("ttlMs", Math.max(1, ttl.toMillis()))
                .add("pollIntervalMs", Math.max(1, pollInterval.toMillis()));
    }
}
