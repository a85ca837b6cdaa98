package dev.jmcp.core.internal.session;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** The threads of sessions and servers: handler pools and timer threads, named after their owner. */
public final class SessionThreads {
    /** Idle threads end after this long, so a quiet session holds no thread. */
    private static final long KEEP_ALIVE_SECONDS = 30;
    /**
     * The threads of the pool of a session built without an executor (a client's, or a session
     * built alone): 4, for handlers of the peer's requests that wait on I/O should return a
     * {@code CompletionStage} instead. A server's sessions share its pool instead
     * ({@code ServerSettings.handlerThreads}); a program that wants another gives an executor.
     */
    public static final int DEFAULT_HANDLER_THREADS = 4;

    private SessionThreads() {
    }

    /** @return a factory of daemon threads named {@code prefix-1}, {@code prefix-2}, ... */
    static ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + "-" + count.incrementAndGet());
            // daemon: a session the program forgot to close must not keep the JVM alive
            thread.setDaemon(true);
            return thread;
        };
    }

    public static ExecutorService handlerPool(String sessionName, int threads) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), named(sessionName + "-handler"));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    static ScheduledThreadPoolExecutor timer(String sessionName) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, named(sessionName + "-timer"));
        timer.setRemoveOnCancelPolicy(true);
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        timer.setKeepAliveTime(KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        return timer;
    }
}
