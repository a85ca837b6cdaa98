package dev.jmcp.transport.netty.internal.body;

import java.lang.System.Logger.Level;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of one server that encode the response bodies which read a blob's file or stream,
 * so that no event loop ever waits for a disk, a pipe or a provider: at most
 * {@code maxBodyProducers} daemon threads named {@code jmcp-http-body-<n>}, made when needed and
 * ended after {@value #IDLE_SECONDS} s without work. A body started while all of them are busy waits
 * in line for one (its response pauses; no event loop waits). Ended with the server.
 */
public final class BodyProducers implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(BodyProducers.class.getName());
    static final int IDLE_SECONDS = 30;

    private final int max;
    private final ThreadPoolExecutor threads;
    private final AtomicBoolean warned = new AtomicBoolean();

    /** @param maxBodyProducers the setting of that name; at least 1 */
    public BodyProducers(int maxBodyProducers) {
        if (maxBodyProducers < 1) {
            throw new IllegalArgumentException("maxBodyProducers must be >= 1, was " + maxBodyProducers);
        }
        this.max = maxBodyProducers;
        AtomicInteger made = new AtomicInteger();
        // core = max with an unbounded line: a plain pool grows past its core size only when its queue is full
        this.threads = new ThreadPoolExecutor(max, max, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                work -> {
                    Thread thread = new Thread(work, "jmcp-http-body-" + made.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        threads.allowCoreThreadTimeOut(true);
    }

    /**
     * Runs {@code producer} on one of the threads, or as soon as one is free.
     *
     * @param what names the body, for the log
     * @return the running work, to cancel (interrupting the thread) when the body is no longer wanted
     * @throws RejectedExecutionException when the server has stopped
     */
    Future<?> start(Runnable producer, Object what) {
        if (threads.getActiveCount() >= max) {
            Level level = warned.compareAndSet(false, true) ? Level.WARNING : Level.DEBUG;
            LOG.log(level, "all maxBodyProducers={0} body producers are busy: the body of {1} waits for one",
                    String.valueOf(max), what);
        }
        return threads.submit(producer);
    }

    /** @return how many bodies are being encoded now */
    int active() {
        return threads.getActiveCount();
    }

    /** Interrupts what is being encoded, drops what waits, and waits up to 2 s for the threads to end. */
    @Override
    public void close() {
        threads.shutdownNow();
        try {
            if (!threads.awaitTermination(2, TimeUnit.SECONDS)) {
                LOG.log(Level.DEBUG, "a body producer still runs: its blob source ignores interruption");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
