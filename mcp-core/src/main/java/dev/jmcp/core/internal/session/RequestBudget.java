package dev.jmcp.core.internal.session;

import dev.jmcp.schema.McpMethodNames;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bound on the inbound requests being handled at once, shared by every session of a server (the
 * sessions' own {@link SessionSettings#maxRequestsInFlightPerSession()} bounds each one alone). A request
 * beyond it is answered at once with {@code -32603} naming the setting, instead of queueing
 * without end. Long-lived {@code subscriptions/listen} requests do not count: they have their own
 * bound. Thread-safe.
 *
 * <p>Internal: the server shares one across its sessions.
 */
public final class RequestBudget {
    private final int max;
    private final AtomicInteger inFlight = new AtomicInteger();

    private RequestBudget(int max) {
        this.max = max;
    }

    /**
     * @param maxRequestsInFlight at least 1
     * @return a budget of that many requests
     */
    public static RequestBudget of(int maxRequestsInFlight) {
        if (maxRequestsInFlight < 1) {
            throw new IllegalArgumentException("maxRequestsInFlight must be >= 1, was " + maxRequestsInFlight);
        }
        return new RequestBudget(maxRequestsInFlight);
    }

    /** @return the bound */
    public int max() {
        return max;
    }

    /** @return how many requests hold a place now */
    public int inFlight() {
        return inFlight.get();
    }

    /** @return true when a place was taken, to be given back with {@link #release()} */
    public boolean tryAcquire() {
        while (true) {
            int now = inFlight.get();
            if (now >= max) {
                return false;
            }
            if (inFlight.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    /** Gives back a place taken by {@link #tryAcquire()}. */
    public void release() {
        inFlight.decrementAndGet();
    }

    /**
     * @return false for {@code subscriptions/listen}: a listen lasts as long as the client wants it,
     *         and has a bound of its own ({@code maxOpenListens})
     */
    public static boolean counts(String method) {
        return !McpMethodNames.SUBSCRIPTIONS_LISTEN.equals(method);
    }

    /** @return the error message for a request refused by this budget */
    public String refusal() {
        return "the server is busy: maxRequestsInFlight=" + max + " requests are being handled";
    }
}
