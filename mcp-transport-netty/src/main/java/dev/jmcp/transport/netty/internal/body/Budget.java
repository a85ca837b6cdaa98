package dev.jmcp.transport.netty.internal.body;

import java.util.concurrent.atomic.AtomicLong;

/**
 * An amount that all the connections and sessions of one server take from for one purpose, bounded
 * by a named setting: {@code maxConnections}, {@code maxBufferedRequestBytes} (request bodies being
 * read), {@code maxReplayBytes} (the events sessions keep for replay) or
 * {@code maxResponseBytesInMemory} (the encoded answers waiting to be written). Whoever holds some
 * takes it first and gives it back when done; what cannot be taken is refused, with a message that
 * names the setting. Thread-safe, without locks.
 */
public final class Budget {
    private final String setting;
    private final long max;
    private final AtomicLong used = new AtomicLong();

    /**
     * @param setting the setting's name, for messages
     * @param max     the setting's value; at least 0
     */
    public Budget(String setting, long max) {
        if (max < 0) {
            throw new IllegalArgumentException(setting + " must be >= 0, was " + max);
        }
        this.setting = setting;
        this.max = max;
    }

    /** @return whether {@code bytes} were taken; false, taking nothing, when they would exceed the budget */
    public boolean tryTake(long bytes) {
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
    public void giveBack(long bytes) {
        used.addAndGet(-bytes);
    }

    /** @return the bytes held now */
    public long used() {
        return used.get();
    }

    /** @return the setting's name */
    public String setting() {
        return setting;
    }

    /** @return the setting's value */
    public long max() {
        return max;
    }

    /** @return {@code <setting>=<value>}, for messages */
    @Override
    public String toString() {
        return setting + "=" + max;
    }
}
