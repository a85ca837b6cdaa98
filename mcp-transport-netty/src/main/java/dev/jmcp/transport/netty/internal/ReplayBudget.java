package dev.jmcp.transport.netty.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of SSE events that all the sessions of one server keep for replay, bounded by the
 * setting {@code maxReplayBytes}: a session takes from it as it copies an event being written, and
 * gives back what it drops, and everything when it ends. Thread-safe.
 */
public final class ReplayBudget {
    /** The setting's name, for messages. */
    static final String SETTING = "maxReplayBytes";

    private final long max;
    private final AtomicLong used = new AtomicLong();

    /** @param maxReplayBytes the setting of that name ({@link dev.jmcp.transport.netty.HttpServerSettings#maxReplayBytes()}); at least 0 */
    public ReplayBudget(long maxReplayBytes) {
        if (maxReplayBytes < 0) {
            throw new IllegalArgumentException(SETTING + " must be >= 0, was " + maxReplayBytes);
        }
        this.max = maxReplayBytes;
    }

    /** @return whether {@code bytes} were taken; false, taking nothing, when they would exceed the budget */
    boolean tryTake(long bytes) {
        long now;
        do {
            now = used.get();
            if (now + bytes > max) {
                return false;
            }
        } while (!used.compareAndSet(now, now + bytes));
        return true;
    }

    /** Gives back {@code bytes} taken before. */
    void give(long bytes) {
        used.addAndGet(-bytes);
    }

    /** @return the bytes kept now, by all sessions */
    public long used() {
        return used.get();
    }

    /** @return the setting {@code maxReplayBytes} */
    public long max() {
        return max;
    }
}
