package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.spi.ResourceProvider;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Announces a resource again once its version has settled. A change notification carries the
 * resource's version so that a client can tell whether the version it holds is stale; a provider
 * may withhold a version for a while (the file-system provider does for 2 s after a write, so
 * that two writes in one tick of the clock never share one), and the notification sent at once
 * then carries none. Such a resource is looked at again {@value #LOOKS} times, evenly spread over
 * {@code versionSettle}, and announced once more at the first look that finds a version.
 *
 * <p>Coalesced: a resource is pending at most once; a change while it is pending starts its looks
 * again. Bounded: at most {@code maxPendingVersionAnnouncements} resources are pending, a change
 * past that is announced once, without a version, as it would have been anyway. The looks run on
 * one daemon thread, {@value #THREAD}, which the feature stops in {@link #close()} and which ends
 * by itself when nothing has been pending for a while.
 */
final class SettlingVersions implements AutoCloseable {
    static final int LOOKS = 5;
    static final String THREAD = "jmcp-gomcp-versions";
    private static final System.Logger LOG = System.getLogger(SettlingVersions.class.getName());

    private final Again again;
    private final long interval;
    private final int max;
    private final ScheduledThreadPoolExecutor timer;
    private final Map<String, Pending> pending = new HashMap<>();
    private boolean warned;
    private boolean closed;

    /** Announces a resource again if it has a version now. */
    @FunctionalInterface
    interface Again {
        /** @return true when the resource is still without a version, and was not announced */
        boolean announce(ResourceProvider provider, String uri);
    }

    /** A resource waiting for its version: looks left, and changes seen since the look that runs. */
    private static final class Pending {
        final ResourceProvider provider;
        int looksLeft = LOOKS;
        boolean changedAgain;

        Pending(ResourceProvider provider) {
            this.provider = provider;
        }
    }

    /**
     * @param again        announces a resource whose version has settled: {@link Announcements} with
     *                     {@code versionedOnly}
     * @param settle       the settings' {@code versionSettle}; zero announces nothing again
     * @param max          the settings' {@code maxPendingVersionAnnouncements}
     */
    SettlingVersions(Again again, Duration settle, int max) {
        this.again = again;
        long settleMillis = settle.compareTo(Duration.ofMillis(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : settle.toMillis();
        this.interval = settle.isZero() ? 0 : Math.max(1, settleMillis / LOOKS);
        this.max = max;
        this.timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, THREAD);
            thread.setDaemon(true);
            return thread;
        });
        timer.setKeepAliveTime(Math.max(interval * 2, 1_000), TimeUnit.MILLISECONDS);
        timer.allowCoreThreadTimeOut(true); // a pending look keeps the thread: it only ends when idle
    }

    /** {@code uri} was announced without a version: look for one later. */
    synchronized void later(ResourceProvider provider, String uri) {
        if (interval == 0 || closed) {
            return;
        }
        Pending waiting = pending.get(uri);
        if (waiting != null) {
            waiting.looksLeft = LOOKS;
            waiting.changedAgain = true;
            return;
        }
        if (pending.size() >= max) {
            if (!warned) {
                warned = true;
                LOG.log(Level.WARNING, "maxPendingVersionAnnouncements={0} reached: changes past it are announced"
                        + " without a version and not again (logged once)", max);
            }
            return;
        }
        pending.put(uri, new Pending(provider));
        schedule(uri);
    }

    private void look(String uri) {
        Pending waiting;
        synchronized (this) {
            waiting = pending.get(uri);
            if (waiting == null || closed) {
                return;
            }
            waiting.looksLeft--;
            waiting.changedAgain = false;
        }
        boolean unsettled = again.announce(waiting.provider, uri);
        synchronized (this) {
            // a change during this look was announced without a version too: keep looking for that one
            if (!closed && (waiting.changedAgain || unsettled && waiting.looksLeft > 0)) {
                schedule(uri);
            } else {
                pending.remove(uri);
            }
        }
    }

    private void schedule(String uri) {
        try {
            timer.schedule(() -> look(uri), interval, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            pending.remove(uri);
        }
    }

    /** @return the resources waiting for their version: a test hook */
    synchronized int pendingCount() {
        return pending.size();
    }

    @Override
    public synchronized void close() {
        closed = true;
        pending.clear();
        timer.shutdownNow();
    }
}
