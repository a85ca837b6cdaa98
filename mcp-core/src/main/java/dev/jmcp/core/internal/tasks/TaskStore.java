package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.internal.session.AnswerHold;
import dev.jmcp.core.tasks.TaskSettings;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server's tasks, one store for every session and stateless request: a stateless client has no
 * session to keep them in, and the next {@code tasks/get} may arrive on any connection. A task is
 * found only by the principal that started it. Expired tasks are dropped when the store is next
 * used, their work cancelled; there is no thread of its own. Thread-safe.
 */
final class TaskStore {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final TaskSettings settings;
    private final Clock clock;
    private final Map<String, Task> tasks = new LinkedHashMap<>();
    private final Map<String, Integer> perOwner = new HashMap<>();

    TaskStore(TaskSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    Instant now() {
        return clock.instant();
    }

    /**
     * @param owner whose task it is ({@link Owners})
     * @param ttl   the lifetime the work asked for; null for the settings'
     * @return the new task, working, findable at once
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32603} naming {@code maxTasks} or
     *         {@code maxTasksPerPrincipal} when one more does not fit
     */
    Task create(String owner, Duration ttl, AnswerHold hold) {
        Duration lifetime = ttl == null ? settings.ttl() : ttl.compareTo(settings.maxTtl()) > 0 ? settings.maxTtl() : ttl;
        List<Task> expired;
        Task task;
        synchronized (this) {
            Instant now = now();
            expired = expire(now);
            if (tasks.size() >= settings.maxTasks()) {
                throw TaskErrors.full("maxTasks", settings.maxTasks(), "the server");
            }
            if (perOwner.getOrDefault(owner, 0) >= settings.maxTasksPerPrincipal()) {
                throw TaskErrors.full("maxTasksPerPrincipal", settings.maxTasksPerPrincipal(), "this principal");
            }
            task = new Task(newId(), owner, now, lifetime, settings.pollInterval(), settings.resultRetention(), hold);
            tasks.put(task.id, task);
            perOwner.merge(owner, 1, Integer::sum);
        }
        expired.forEach(gone -> gone.drop(gone.createdAt.plus(gone.ttl)));
        return task;
    }

    /**
     * @return the task of {@code owner} with {@code id}
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when there is none: unknown,
     *         expired, or another principal's (which looks the same)
     */
    Task find(String id, String owner) {
        List<Task> expired;
        Task task;
        synchronized (this) {
            expired = expire(now());
            task = tasks.get(id);
        }
        expired.forEach(gone -> gone.drop(gone.createdAt.plus(gone.ttl)));
        if (task == null || !task.owner.equals(owner)) {
            throw TaskErrors.notFound(id);
        }
        return task;
    }

    /** Drops every task, when the server closes. */
    void close() {
        List<Task> all;
        synchronized (this) {
            all = new ArrayList<>(tasks.values());
            tasks.clear();
            perOwner.clear();
        }
        Instant now = now();
        all.forEach(task -> task.drop(now));
    }

    /** @return the tasks removed as expired at {@code now}; to be dropped outside the lock */
    private List<Task> expire(Instant now) {
        List<Task> gone = new ArrayList<>();
        tasks.values().removeIf(task -> {
            if (!task.expired(now)) {
                return false;
            }
            gone.add(task);
            perOwner.computeIfPresent(task.owner, (key, count) -> count == 1 ? null : count - 1);
            return true;
        });
        return gone;
    }

    private static String newId() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
