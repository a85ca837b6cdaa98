package dev.jmcp.core.spi;

import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An amount (bytes, or connections) that everything of one purpose on a server takes from, bounded by a
 * named setting: a transport's budget for answers in the making ({@code maxResponseBytesInMemory}:
 * text decoded for an answer, blobs staged for progress, answers encoded or queued for a slow
 * reader), or one of its own (request bodies being read, events kept for replay). Whoever holds some
 * takes it first and gives it back when done; what cannot be taken is refused, with a message that
 * names the setting. Thread-safe, without locks.
 *
 * @since 0.1
 */
@Experimental
public final class Budget {
    private final String setting;
    private final long max;
    private final AtomicLong used = new AtomicLong();

    private Budget(String setting, long max) {
        this.setting = setting;
        this.max = max;
    }

    /**
     * @param setting the setting's name, for messages; never null
     * @param max     the setting's value; at least 0
     * @return an empty budget of {@code max} bytes
     */
    public static Budget of(String setting, long max) {
        java.util.Objects.requireNonNull(setting, "setting");
        if (max < 0) {
            throw new IllegalArgumentException(setting + " must be >= 0, was " + max);
        }
        return new Budget(setting, max);
    }

    /**
     * @param bytes at least 0
     * @return whether {@code bytes} were taken; false, taking nothing, when they would exceed the budget
     */
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

    /**
     * @param what what could not get its bytes, such as "the text of file:///a.txt (5242880 bytes)"
     * @return {@code -32603} saying that {@code what} does not fit, with data
     *         {@code {"setting": name, "value": max}}
     */
    public ProtocolException refusal(String what) {
        return new ProtocolException(ErrorCodes.INTERNAL_ERROR, what + " cannot be held in memory: the answers being "
                + "made and written already hold " + used() + " bytes of " + this,
                JsonRuntime.provider().createObjectBuilder().add("setting", setting).add("value", max).build());
    }

    /** @return {@code <setting>=<value>}, for messages */
    @Override
    public String toString() {
        return setting + "=" + max;
    }
}
