package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemPagingTest {
    @TempDir
    Path root;

    @Test
    void childrenAfterASkipAreTheSameAsSkippingTheWholeListing() throws IOException {
        fill(Files.createDirectories(root.resolve("many")));
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        String uri = provider.list().filter(r -> r.name().equals("many")).findFirst().orElseThrow().uri();

        assertSkippingMatchesTheWholeListing(skip -> provider.children(uri, skip));
    }

    @Test
    void topLevelAfterASkipIsTheSameAsSkippingTheWholeListing() throws IOException {
        fill(root);
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);

        assertSkippingMatchesTheWholeListing(provider::list);
    }

    /** 40 files of two kinds, a folder, and a link that leaves the root. */
    private static void fill(Path folder) throws IOException {
        for (int i = 0; i < 40; i++) {
            Files.writeString(folder.resolve(String.format("f%02d.%s", i, i % 3 == 0 ? "bin" : "txt")), "x" + i);
        }
        Files.createDirectories(folder.resolve("m-sub"));
        // a link that leaves the root is not listed, so it must not count towards the skip either
        Files.createSymbolicLink(folder.resolve("f05-outside"), Path.of("/"));
    }

    private static void assertSkippingMatchesTheWholeListing(LongFunction<Stream<Resource>> listing) {
        List<Resource> all;
        try (Stream<Resource> whole = listing.apply(0)) {
            all = whole.toList();
        }
        assertEquals(41, all.size(), "40 files and a folder; the escaping link is left out");
        for (long skip : new long[] {0, 1, 6, 39, 41, 50}) {
            try (Stream<Resource> page = listing.apply(skip)) {
                assertEquals(all.subList((int) Math.min(skip, all.size()), all.size()), page.toList(), "skip " + skip);
            }
        }
    }
}
