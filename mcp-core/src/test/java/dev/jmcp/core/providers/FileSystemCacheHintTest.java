package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import dev.jmcp.core.spi.CacheHint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The caching hint a served folder gives stateless clients, and how a program chooses another. */
class FileSystemCacheHintTest {
    @TempDir
    Path dir;

    @Test
    void aFolderIsImmediatelyStaleAndPrivateByDefault() {
        assertEquals(Optional.of(CacheHint.NONE), FileSystemResourceProvider.of(dir).cacheHint());
        assertEquals(Optional.of(CacheHint.NONE), FileSystemResourceProvider.of(dir, 10).cacheHint());
    }

    @Test
    void withCacheHintServesTheSameFolderWithTheHintAndLeavesTheOriginalAsItWas() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "alpha");
        FileSystemResourceProvider plain = FileSystemResourceProvider.of(dir, 3);
        FileSystemResourceProvider hinted = plain.withCacheHint(CacheHint.publicFor(60_000));

        assertNotSame(plain, hinted);
        assertEquals(Optional.of(CacheHint.publicFor(60_000)), hinted.cacheHint());
        assertEquals(Optional.of(CacheHint.NONE), plain.cacheHint(), "the original is unchanged");
        assertEquals(plain.root(), hinted.root());
        assertEquals(3, hinted.maxTextBytes());
        assertEquals(Calls.top(plain), Calls.top(hinted));
    }

    @Test
    void aNullHintLeavesTheChoiceToTheServer() {
        assertEquals(Optional.empty(), FileSystemResourceProvider.of(dir).withCacheHint(null).cacheHint());
    }
}
