package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A page takes from a provider what it needs and one more, even from a provider that lists on without end. */
class ListingLimitTest {
    private static final int PAGE = 3;

    /** Lists entry-0, entry-1, ... forever, whatever limit it is given, and counts what was taken. */
    private static final class Endless implements ResourceProvider {
        final AtomicInteger made = new AtomicInteger();

        @Override
        public String id() {
            return "endless";
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            return Optional.empty();
        }

        @Override
        public Stream<ListingEntry> list(Listing listing) {
            int from = listing.after().map(after -> Integer.parseInt(after) + 1).orElse(0);
            return Stream.iterate(from, i -> i + 1).map(i -> {
                made.incrementAndGet();
                String position = String.format("%09d", i);
                return ListingEntry.of(Resource.builder("x:/entry-" + position, "entry-" + position).build(), position);
            });
        }

        @Override
        public List<ResourceContents> read(Resource resource, ReadContext context) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void aPageOfAnEndlessListingHoldsThePageSizeAndPromisesTheNext() {
        Endless provider = new Endless();
        try (Harness harness = new Harness(ResourceSettings.builder().pageSize(PAGE).build(), provider)) {
            McpClient client = harness.client();
            ListResourcesResult first = client.resources().list();
            assertEquals(List.of("x:/entry-000000000", "x:/entry-000000001", "x:/entry-000000002"),
                    first.resources().stream().map(Resource::uri).toList());
            assertNotNull(first.nextCursor());
            assertEquals(PAGE + 1, provider.made.get(), "the page's entries and the one that shows a next page");

            ListResourcesResult second = client.resources().list(first.nextCursor());
            assertEquals("x:/entry-000000003", second.resources().get(0).uri());
            assertEquals(PAGE, second.resources().size());
            assertTrue(provider.made.get() <= 2 * (PAGE + 1), "made " + provider.made.get());
        }
    }
}
