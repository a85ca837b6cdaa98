package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemPagingTest {
    @TempDir
    Path root;

    @Test
    void childrenAfterANameAreTheWholeListingAfterIt() throws IOException {
        fill(Files.createDirectories(root.resolve("many")));
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        String uri = provider.list().filter(r -> r.name().equals("many")).findFirst().orElseThrow().uri();

        assertPagesMatchTheWholeListing(provider, (after, limit) -> provider.childrenAfter(uri, after, limit),
                provider.children(uri));
    }

    @Test
    void topLevelAfterANameIsTheWholeListingAfterIt() throws IOException {
        fill(root);
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);

        assertPagesMatchTheWholeListing(provider, provider::listAfter, provider.list());
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

    private static void assertPagesMatchTheWholeListing(FileSystemResourceProvider provider,
            BiFunction<String, Integer, Stream<Resource>> after, Stream<Resource> whole) {
        List<Resource> all;
        try (whole) {
            all = whole.toList();
        }
        assertEquals(41, all.size(), "40 files and a folder; the escaping link is left out");
        for (int from : new int[] {0, 1, 5, 6, 39, 40}) {
            String key = provider.listingKey(all.get(from));
            for (int limit : new int[] {1, 3, 100}) {
                try (Stream<Resource> page = after.apply(key, limit)) {
                    assertEquals(all.subList(from + 1, Math.min(all.size(), from + 1 + limit)), page.toList(),
                            "after " + key + ", at most " + limit);
                }
            }
        }
        try (Stream<Resource> first = after.apply(null, 6)) {
            assertEquals(all.subList(0, 6), first.toList());
        }
        try (Stream<Resource> beyond = after.apply("zzz", 5)) {
            assertEquals(List.of(), beyond.toList());
        }
    }
}
