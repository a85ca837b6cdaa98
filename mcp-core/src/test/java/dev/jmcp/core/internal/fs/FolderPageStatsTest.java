package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.providers.TreeNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderPageStatsTest {
    private static final int FILES = 10_000;
    private static final int PAGE = 1000;

    @TempDir
    Path root;
    private final AtomicInteger stats = new AtomicInteger();

    @Test
    void aPageOfATenThousandFileFolderStatsOnlyItsOwnEntriesWithAndWithoutKeptNames() throws IOException {
        for (int i = 0; i < FILES; i++) {
            // created out of name order, so that the folder's own order is not the listing's
            Files.createFile(root.resolve(String.format("e%05d.txt", (i * 7919) % FILES)));
        }
        assertPagesStatOnlyTheirEntries(0); // read for every page
        // a folder unchanged for an hour has its sorted names kept between pages
        Files.setLastModifiedTime(root, FileTime.from(Instant.now().minusSeconds(3600)));
        assertPagesStatOnlyTheirEntries(FILES);
    }

    private void assertPagesStatOnlyTheirEntries(long maxCachedNames) throws IOException {
        FileResources files = new FileResources(new SafePaths(root.toRealPath(), 256), maxCachedNames, path -> {
            stats.incrementAndGet();
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        });
        stats.set(0);
        // a page takes one more entry than it shows, to learn that a next page exists
        List<String> first = names(files.listAfter(root, "file:///", null, PAGE + 1));
        assertEquals(PAGE + 1, stats.getAndSet(0));
        assertEquals("e00000.txt", first.get(0));
        List<String> deep = names(files.listAfter(root, "file:///", "e04999.txt", PAGE + 1));
        assertEquals(PAGE + 1, stats.getAndSet(0));
        assertEquals(List.of("e05000.txt", "e06000.txt"), List.of(deep.get(0), deep.get(PAGE)));
        List<String> last = names(files.listAfter(root, "file:///", "e09499.txt", PAGE + 1));
        assertEquals(500, stats.get());
        assertEquals("e09999.txt", last.get(last.size() - 1));
    }

    private static List<String> names(Stream<TreeNode> page) {
        try (page) {
            return page.map(TreeNode::name).toList();
        }
    }
}
