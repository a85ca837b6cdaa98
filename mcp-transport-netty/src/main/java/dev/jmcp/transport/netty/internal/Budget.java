package dev.jmcp.transport.netty.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A server-wide amount that connections take from and give back, such as open connections or
 * bytes of request bodies being read: taking never goes over the limit. Thread-safe, without locks.
 */
public final class Budget {
    private final AtomicLong used = new AtomicLong();
    private final long limit;

    /** @param limit the most that may be taken at once; at least 1 */
    public Budget(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a budget's limit must be >= 1, was " + limit);
        }
        this.limit = limit;
    }

    /** @return whether {@code amount} was taken: false, and nothing taken, when it would go over the limit */
    public boolean tryTake(long amount) {
        long now;
        do {
            now = used.get();
            if (amount > limit - now) {
                return false;
            }
        } while (!used.compareAndSet(now, now + amount));
        return true;
    }

    /** Gives back {@code amount}, which the caller took. */
    public void giveBack(long amount) {
        used.addAndGet(-amount);
    }

    /** @return how much is taken now */
    public long used() {
        return used.get();
    }

    /** @return the most that may be taken at once */
    public long limit() {
        return limit;
    }
}
