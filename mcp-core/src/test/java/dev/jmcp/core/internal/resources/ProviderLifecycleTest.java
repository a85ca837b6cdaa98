package dev.jmcp.core.internal.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ChangeEvents;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ProviderLifecycleTest {

    /** Serves nothing. */
    static class Quiet implements ResourceProvider {
        private final String id;

        Quiet(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            return Optional.empty();
        }

        @Override
        public Stream<ListingEntry> list(Listing listing) {
            return Stream.empty();
        }

        @Override
        public List<ResourceContents> read(Resource resource, ReadContext context) {
            throw new AssertionError("never read");
        }
    }

    /** Counts its closes and signals the first. */
    static final class Closing extends Quiet {
        final AtomicInteger closes = new AtomicInteger();
        final CountDownLatch closed = new CountDownLatch(1);

        Closing() {
            super("closing");
        }

        @Override
        public void close() {
            closes.incrementAndGet();
            closed.countDown();
        }
    }

    @Test
    void aProviderIsClosedOnlyAfterTheBodiesBeingWrittenAreDone() throws Exception {
        Closing provider = new Closing();
        ProviderLifecycle lifecycle = new ProviderLifecycle(List.of(provider), ChangeEvents.inProcess());
        lifecycle.start();
        InputStream body = lifecycle.track(new ByteArrayInputStream(new byte[] {1, 2, 3}));
        Thread closer = new Thread(() -> lifecycle.close(Duration.ofSeconds(30)));
        closer.start();
        // the closer waits on the open body: the provider stays open while it does
        assertFalse(provider.closed.await(200, TimeUnit.MILLISECONDS));
        assertEquals(3, body.readAllBytes().length);
        body.close();
        assertTrue(provider.closed.await(10, TimeUnit.SECONDS), "closed once the body was");
        closer.join(10_000);
        body.close(); // a second close counts once
        lifecycle.close();
        assertEquals(1, provider.closes.get());
    }

    @Test
    void aBodyNeverClosedHoldsTheCloseOnlyUntilTheTimeout() throws Exception {
        Closing provider = new Closing();
        ProviderLifecycle lifecycle = new ProviderLifecycle(List.of(provider), ChangeEvents.inProcess());
        lifecycle.start();
        lifecycle.track(new ByteArrayInputStream(new byte[1])); // never closed
        lifecycle.close(Duration.ofMillis(100));
        assertEquals(1, provider.closes.get());
    }

    @Test
    void changesReachEveryListenerUntilTheClose() {
        AtomicInteger heard = new AtomicInteger();
        ResourceChanges[] sink = new ResourceChanges[1];
        Closing provider = new Closing();
        ResourceProvider reporting = new Quiet("reporting") {
            @Override
            public void start(ResourceChanges changes) {
                sink[0] = changes;
            }
        };
        ProviderLifecycle lifecycle = new ProviderLifecycle(List.of(provider, reporting), ChangeEvents.inProcess());
        ChangeListener listener = new ChangeListener() {
            @Override
            public void updated(ResourceProvider from, String uri) {
                assertEquals("reporting", from.id());
                heard.incrementAndGet();
            }

            @Override
            public void listChanged(ResourceProvider from) {
                heard.incrementAndGet();
            }
        };
        lifecycle.listen(listener);
        lifecycle.listen(listener);
        lifecycle.start();
        sink[0].updated("x://1");
        sink[0].listChanged();
        assertEquals(4, heard.get());
        lifecycle.close();
        sink[0].updated("x://2");
        assertEquals(4, heard.get(), "quiet after the close");
    }
}
