package dev.jmcp.dialect.gomcp.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.spi.ResourceProvider;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which resources are looked at again, and how often: the looks are counted, and a look that must
 * wait for the test holds on a latch, so that nothing here depends on how long a look takes.
 */
class SettlingVersionsTest {
    private static final long WAIT_SECONDS = 10;
    private final ResourceProvider provider = InMemoryResourceProvider.create("memory");
    private final List<String> looks = new CopyOnWriteArrayList<>();
    private SettlingVersions settling;

    @AfterEach
    void close() {
        settling.close();
    }

    /** @param unsettled what each look answers: true while the version is still withheld */
    private SettlingVersions settling(int max, BooleanSupplier unsettled) {
        settling = new SettlingVersions((p, uri) -> {
            looks.add(uri);
            return unsettled.getAsBoolean();
        }, Duration.ofMillis(5), max); // a look every millisecond
        return settling;
    }

    private void awaitNothingPending() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (settling.pendingCount() > 0) {
            assertTrue(System.nanoTime() < deadline, "still pending after " + WAIT_SECONDS + " s: " + looks);
            Thread.sleep(1); // the poll's interval: the pending count has nothing to wait on
        }
    }

    @Test
    void aVersionThatNeverSettlesIsLookedForAFixedNumberOfTimes() throws Exception {
        settling(10, () -> true).later(provider, "memory://a");

        awaitNothingPending();

        assertEquals(SettlingVersions.LOOKS, looks.size(), looks.toString());
    }

    @Test
    void aSettledVersionIsAnnouncedOnce() throws Exception {
        settling(10, () -> false).later(provider, "memory://a");

        awaitNothingPending();

        assertEquals(List.of("memory://a"), looks);
    }

    @Test
    void pastMaxPendingAChangeIsNotLookedAtAgain() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        settling(1, () -> {
            await(release);
            return false;
        });
        settling.later(provider, "memory://a");
        settling.later(provider, "memory://b");

        assertEquals(1, settling.pendingCount(), "only memory://a waits");
        release.countDown();
        awaitNothingPending();
        assertEquals(List.of("memory://a"), looks);
    }

    @Test
    void aChangeDuringALookIsCoalescedAndLookedAtAgain() throws Exception {
        CountDownLatch looking = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        settling(10, () -> {
            looking.countDown();
            await(release);
            return false; // settled: only the change made meanwhile brings another look
        });
        settling.later(provider, "memory://a");
        assertTrue(looking.await(WAIT_SECONDS, TimeUnit.SECONDS), "the first look runs");

        settling.later(provider, "memory://a"); // changed again while it was looked at
        assertEquals(1, settling.pendingCount(), "one entry per resource");
        release.countDown();

        awaitNothingPending();
        assertEquals(List.of("memory://a", "memory://a"), looks);
    }

    @Test
    void closingDropsWhatIsPendingAndRefusesMore() {
        settling(10, () -> true).later(provider, "memory://a");

        settling.close();
        settling.later(provider, "memory://b");

        assertEquals(0, settling.pendingCount());
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(WAIT_SECONDS, TimeUnit.SECONDS), "released");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
