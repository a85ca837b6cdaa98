package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    private static List<String> uris(Stream<Resource> resources) {
        try (resources) {
            return resources.map(Resource::uri).toList();
        }
    }

    private static InMemoryResourceProvider lettersAtTheTopAndInADir() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem").addCollection(Resource.of("mem://dir", "dir"));
        for (char c = 'a'; c <= 'h'; c++) {
            memory.addText(Resource.of("mem://" + c, String.valueOf(c)), "top " + c);
            memory.addText("mem://dir", Resource.of("mem://dir/" + c, String.valueOf(c)), "inner " + c);
        }
        return memory;
    }

    @Test
    void listAndChildrenAfterASkipAreTheSameAsSkippingTheWholeListingAlsoAfterRemovals() {
        InMemoryResourceProvider memory = lettersAtTheTopAndInADir();
        memory.remove("mem://c");
        memory.remove("mem://dir/a");
        memory.addText(Resource.of("mem://c", "c"), "back, now last");

        List<String> top = uris(memory.list());
        List<String> inDir = uris(memory.children("mem://dir"));
        assertEquals(List.of("mem://dir", "mem://a", "mem://b", "mem://d", "mem://e", "mem://f", "mem://g", "mem://h",
                "mem://c"), top);
        assertEquals(7, inDir.size());
        for (long skip : new long[] {0, 1, 3, 8, 9, 20}) {
            assertEquals(top.subList((int) Math.min(skip, top.size()), top.size()), uris(memory.list(skip)), "skip " + skip);
            assertEquals(inDir.subList((int) Math.min(skip, inDir.size()), inDir.size()),
                    uris(memory.children("mem://dir", skip)), "skip " + skip);
        }
        assertEquals(List.of(), uris(memory.children("mem://a", 0)), "a leaf has no children");
    }

    @Test
    void aListingIsTheEntriesAsTheyWereWhenItStartedLessThoseRemovedSince() {
        InMemoryResourceProvider memory = lettersAtTheTopAndInADir();
        try (Stream<Resource> page = memory.list(6)) { // f, g, h
            memory.addText(Resource.of("mem://i", "i"), "added while the page is read");
            memory.remove("mem://g");

            assertEquals(List.of("mem://f", "mem://h"), page.map(Resource::uri).toList());
        }
    }

    @Test
    void anUpdateShowsAtItsPlaceInListingsAlsoInOneStartedBeforeIt() {
        InMemoryResourceProvider memory = lettersAtTheTopAndInADir();
        try (Stream<Resource> page = memory.list(6)) { // f, g, h
            memory.update("mem://g", "a longer body than before");
            memory.update("mem://dir/b", "inner b, longer");

            assertEquals(List.of(5L, 25L, 5L), page.map(Resource::size).toList());
        }
        assertEquals(25L, memory.list(7).findFirst().orElseThrow().size());
        assertEquals(15L, memory.children("mem://dir", 1).findFirst().orElseThrow().size());
    }

    @Test
    void aNegativeSkipIsRefusedAsStreamSkipRefusesIt() {
        InMemoryResourceProvider memory = lettersAtTheTopAndInADir();

        assertThrows(IllegalArgumentException.class, () -> memory.list(-1));
        assertThrows(IllegalArgumentException.class, () -> memory.children("mem://dir", -1));
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
                        List<String> listed = uris(memory.list(listings % 50));
                        for (int i = 1; i < listed.size(); i++) {
                            assertTrue(number(listed.get(i - 1)) < number(listed.get(i)), listed.get(i - 1) + " before " + listed.get(i));
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
