package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemPagingTest {
    @TempDir
    Path root;

    @Test
    void childrenAfterANameAreTheWholeListingAfterIt() throws IOException {
        fill(Files.createDirectories(root.resolve("many")));
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        String uri = Calls.top(provider).stream().filter(r -> r.name().equals("many")).findFirst().orElseThrow().uri();

        assertPagesMatchTheWholeListing(provider, uri);
    }

    @Test
    void topLevelAfterANameIsTheWholeListingAfterIt() throws IOException {
        fill(root);

        assertPagesMatchTheWholeListing(FileSystemResourceProvider.of(root), null);
    }

    /** 40 files of two kinds, a folder, and a link that leaves the root. */
    private static void fill(Path folder) throws IOException {
        for (int i = 0; i < 40; i++) {
            Files.writeString(folder.resolve(String.format("f%02d.%s", i, i % 3 == 0 ? "bin" : "txt")), "x" + i);
        }
        Files.createDirectories(folder.resolve("m-sub"));
        // a link that leaves the root is not listed, so it must not take a place on a page either
        Files.createSymbolicLink(folder.resolve("f05-outside"), Path.of("/"));
    }

    /** @param collection null for the top level */
    private static void assertPagesMatchTheWholeListing(FileSystemResourceProvider provider, String collection) {
        List<ListingEntry> all = Calls.page(provider, collection, null, Calls.ALL);
        assertEquals(41, all.size(), "40 files and a folder; the escaping link is left out");
        for (ListingEntry entry : all) {
            assertEquals(entry.resource().name(), entry.position(), "a position is the file name");
        }
        for (int from : new int[] {0, 1, 5, 6, 39, 40}) {
            String after = all.get(from).position();
            for (int limit : new int[] {1, 3, 100}) {
                assertEquals(all.subList(from + 1, Math.min(all.size(), from + 1 + limit)),
                        Calls.page(provider, collection, after, limit), "after " + after + ", at most " + limit);
            }
        }
        assertEquals(all.subList(0, 6), Calls.page(provider, collection, null, 6));
        assertEquals(List.of(), Calls.page(provider, collection, "zzz", 5));
        List<Resource> between = Calls.resources(Calls.page(provider, collection, "f05", 2));
        assertEquals(List.of("f05.txt", "f06.bin"), between.stream().map(Resource::name).toList(),
                "after a name that is not there: from where it would be");
    }
}
