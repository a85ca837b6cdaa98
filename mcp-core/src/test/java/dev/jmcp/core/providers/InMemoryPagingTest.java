package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class InMemoryPagingTest {

    private static List<String> uris(List<ListingEntry> entries) {
        return entries.stream().map(entry -> entry.resource().uri()).toList();
    }

    private static InMemoryResourceProvider lettersAtTheTopAndInADir() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem").addCollection(Resource.of("mem://dir", "dir"));
        for (char c = 'a'; c <= 'h'; c++) {
            memory.addText(Resource.of("mem://" + c, String.valueOf(c)), "top " + c);
            memory.addText("mem://dir", Resource.of("mem://dir/" + c, String.valueOf(c)), "inner " + c);
        }
        return memory;
    }

    /** @return the first entry of {@code listing} whose URI is {@code uri} */
    private static ListingEntry entry(List<ListingEntry> listing, String uri) {
        return listing.stream().filter(e -> e.resource().uri().equals(uri)).findFirst().orElseThrow();
    }

    @Test
    void aPageAfterAPositionIsTheRestOfTheWholeListingAlsoAfterRemovals() {
        InMemoryResourceProvider memory = lettersAtTheTopAndInADir();
        memory.remove("mem://c");
        memory.remove("mem://dir/a");
        memory.addText(Resource.of("mem://c", "c"), "back, now last");

        List<ListingEntry> top = Calls.page(memory, null, null, Calls.ALL);
        List<ListingEntry> inDir = Calls.page(memory, "mem://dir", null, Calls.ALL);
        assertEquals(List.of("mem://dir", "mem://a", "mem://b", "mem://d", "mem://e", "mem://f", "mem://g", "mem://h",
                "mem://c"), uris(top));
        assertEquals(7, inDir.size());
        for (List<ListingEntry> whole : List.of(top, inDir)) {
            String collection = whole == top ? null : "mem://dir";
            for (int from = 0; from < whole.size(); from++) {
                for (int limit : new int[] {1, 3, 100}) {
                    assertEquals(whole.subList(from + 1, Math.min(whole.size(), from + 1 + limit)),
                            Calls.page(memory, collection, whole.get(from).position(), limit), "after " + from + ", " + limit);
                }
            }
        }
        assertEquals(List.of(), Calls.page(memory, "mem://a", null, 10), "a leaf has no children");
    }

    @Test
    void entriesRemovedOrAddedBetweenPagesMakeNoOtherEntrySkipOrRepeat() {
        InMemoryResourceProvider memory = lettersAtTheTopAndInADir();
        List<ListingEntry> first = Calls.page(memory, null, null, 4); // dir, a, b, c
        memory.remove("mem://c"); // the last entry the client has
        memory.remove("mem://b");
        memory.addText(Resource.of("mem://b", "b"), "added again: after the others");

        List<ListingEntry> rest = Calls.page(memory, null, first.get(3).position(), 100);

        assertEquals(List.of("mem://d", "mem://e", "mem://f", "mem://g", "mem://h", "mem://b"), uris(rest));
    }

    @Test
    void aPositionIsTheCountOfAdditionsAndIsNeverReused() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem").addText(Resource.of("mem://a", "a"), "A")
                .addText(Resource.of("mem://b", "b"), "B");
        String removed = entry(Calls.page(memory, null, null, 10), "mem://b").position();
        memory.remove("mem://b");
        memory.addText(Resource.of("mem://c", "c"), "C");

        List<ListingEntry> listing = Calls.page(memory, null, null, 10);

        assertEquals(List.of(ListingEntry.indexPosition(0), ListingEntry.indexPosition(2)),
                listing.stream().map(ListingEntry::position).toList());
        assertTrue(entry(listing, "mem://c").position().compareTo(removed) > 0);
    }

    @Test
    void aListingIsTheEntriesAsTheyWereWhenItStartedLessThoseRemovedSince() {
        InMemoryResourceProvider memory = lettersAtTheTopAndInADir();
        String afterE = entry(Calls.page(memory, null, null, 100), "mem://e").position();
        try (Stream<ListingEntry> page = memory.list(Listing.top(afterE, 100, Caller.none()))) { // f, g, h
            memory.addText(Resource.of("mem://i", "i"), "added while the page is read");
            memory.remove("mem://g");

            assertEquals(List.of("mem://f", "mem://h"), uris(page.toList()));
        }
    }

    @Test
    void anUpdateShowsAtItsPlaceInListingsAlsoInOneStartedBeforeIt() {
        InMemoryResourceProvider memory = lettersAtTheTopAndInADir();
        List<ListingEntry> top = Calls.page(memory, null, null, 100);
        String afterE = entry(top, "mem://e").position();
        try (Stream<ListingEntry> page = memory.list(Listing.top(afterE, 100, Caller.none()))) { // f, g, h
            memory.update("mem://g", "a longer body than before");
            memory.update("mem://dir/b", "inner b, longer");

            assertEquals(List.of(5L, 25L, 5L), page.map(entry -> entry.resource().size()).toList());
        }
        assertEquals(25L, Calls.page(memory, null, entry(top, "mem://f").position(), 1).get(0).resource().size());
        String afterA = entry(Calls.page(memory, "mem://dir", null, 100), "mem://dir/a").position();
        assertEquals(15L, Calls.page(memory, "mem://dir", afterA, 1).get(0).resource().size());
    }

    @Test
    void listingsWhileOtherThreadsAddAndRemoveKeepRegistrationOrder() throws Exception {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem");
        int count = 2_000;
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            Future<?> writer = threads.submit(() -> {
                for (int i = 0; i < count; i++) {
                    memory.addText(Resource.of(uri(i), "n" + i), "x");
                    if (i % 3 == 0) {
                        memory.remove(uri(i / 2));
                    }
                }
            });
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                readers.add(threads.submit(() -> {
                    int listings = 0;
                    while (!writer.isDone() || listings == 0) {
                        String after = listings % 2 == 0 ? null : ListingEntry.indexPosition(listings % 50);
                        List<ListingEntry> listed = Calls.page(memory, null, after, Calls.ALL);
                        for (int i = 1; i < listed.size(); i++) {
                            String before = listed.get(i - 1).resource().uri();
                            String next = listed.get(i).resource().uri();
                            assertTrue(number(before) < number(next), before + " before " + next);
                            assertTrue(listed.get(i - 1).position().compareTo(listed.get(i).position()) < 0);
                        }
                        listings++;
                    }
                    return listings;
                }));
            }
            writer.get(30, TimeUnit.SECONDS);
            for (Future<Integer> reader : readers) {
                assertTrue(reader.get(30, TimeUnit.SECONDS) > 0);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private static String uri(int i) {
        return "mem://n/" + i;
    }

    private static int number(String uri) {
        return Integer.parseInt(uri.substring("mem://n/".length()));
    }
}
