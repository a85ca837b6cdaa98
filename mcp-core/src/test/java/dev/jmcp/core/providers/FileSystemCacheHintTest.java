package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The caching hint a served folder gives stateless clients, and how a program chooses another. */
class FileSystemCacheHintTest {
    @TempDir
    Path dir;

    @Test
    void aFolderIsImmediatelyStaleAndPrivateByDefault() {
        assertEquals(CacheHint.NONE, FileSystemResourceProvider.of(dir).cacheHint());
        assertEquals(CacheHint.NONE, FileSystemResourceProvider.of(dir, 10).cacheHint());
        assertEquals(CacheHint.NONE, new FileSystemResourceProvider().cacheHint(), "the one ServiceLoader makes too");
    }

    @Test
    void withCacheHintServesTheSameFolderWithTheHintAndLeavesTheOriginalAsItWas() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "alpha");
        FileSystemResourceProvider plain = FileSystemResourceProvider.of(dir, 3);
        FileSystemResourceProvider hinted = plain.withCacheHint(CacheHint.publicFor(60_000));

        assertNotSame(plain, hinted);
        assertEquals(CacheHint.publicFor(60_000), hinted.cacheHint());
        assertEquals(CacheHint.NONE, plain.cacheHint(), "the original is unchanged");
        assertEquals(plain.root(), hinted.root());
        assertEquals(3, hinted.maxTextBytes());
        assertEquals(plain.list().map(Resource::uri).toList(), hinted.list().map(Resource::uri).toList());
    }

    @Test
    void aNullHintLeavesTheChoiceToTheServer() {
        assertNull(FileSystemResourceProvider.of(dir).withCacheHint(null).cacheHint());
    }
}
