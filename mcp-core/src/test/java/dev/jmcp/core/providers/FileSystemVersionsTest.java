package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file-system provider's content versions: size and time by default, content hashes when asked. */
class FileSystemVersionsTest {
    @TempDir
    Path root;

    /** A time well settled, and a different one for the next write: what a write an hour ago leaves. */
    private static final Instant AN_HOUR_AGO = Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

    /** @return the version, null when there is none */
    private static String version(FileSystemResourceProvider provider, Path file) {
        return provider.version(Calls.metadata(provider, file.toUri().toString())).orElse(null);
    }

    private Path written(String content, Instant modified) throws IOException {
        Path file = root.resolve("a.txt");
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }

    @Test
    void aWriteChangesTheVersion() throws IOException {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        String before = version(provider, written("one", AN_HOUR_AGO));
        assertNotNull(before);
        assertEquals(before, version(provider, root.resolve("a.txt")), "nothing changed: the same version");
        String after = version(provider, written("two", AN_HOUR_AGO.plusSeconds(1)));
        assertNotEquals(before, after);
    }

    @Test
    void aTouchWithoutChangeChangesASizeAndTimeVersionButNotAHash() throws IOException {
        Path file = written("same", AN_HOUR_AGO);
        FileSystemResourceProvider times = FileSystemResourceProvider.of(root);
        FileSystemResourceProvider hashes = times.withContentHashes(true);
        String byTime = version(times, file);
        String byHash = version(hashes, file);
        assertTrue(byHash.startsWith("sha256-"), byHash);
        Files.setLastModifiedTime(file, FileTime.from(AN_HOUR_AGO.plusSeconds(5)));
        assertNotEquals(byTime, version(times, file), "the time is all it knows: one needless transfer");
        assertEquals(byHash, version(hashes, file), "the bytes are the same");
    }

    @Test
    void aHashTellsApartWritesOfTheSameSizeAndTime() throws IOException {
        FileSystemResourceProvider hashes = FileSystemResourceProvider.of(root).withContentHashes(true);
        FileSystemResourceProvider times = FileSystemResourceProvider.of(root);
        String hashBefore = version(hashes, written("one", AN_HOUR_AGO));
        String timeBefore = version(times, root.resolve("a.txt"));
        written("two", AN_HOUR_AGO); // as cp -p or rsync -t leave a replaced file
        assertNotEquals(hashBefore, version(hashes, root.resolve("a.txt")));
        assertEquals(timeBefore, version(times, root.resolve("a.txt")), "documented: size and time cannot see it");
    }

    @Test
    void aFileModifiedJustNowHasItsContentHashForVersion() throws IOException {
        Path file = root.resolve("fresh.txt");
        Files.writeString(file, "x");
        FileTime tick = Files.getLastModifiedTime(file);
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        String first = version(provider, file);
        assertNotNull(first, "never withheld");
        assertEquals(version(provider.withContentHashes(true), file), first, "the content decides while the time cannot");
        // a second write of the same size within the same clock tick
        Files.writeString(file, "y");
        Files.setLastModifiedTime(file, tick);
        String second = version(provider, file);
        assertNotNull(second);
        assertNotEquals(first, second, "a client is never told that the second write did not happen");
    }

    @Test
    void aFileAboveMaxUnsettledHashBytesFallsBackToSizeAndTime() throws IOException {
        Path file = root.resolve("fresh.bin");
        Files.write(file, new byte[] {1, 2, 3});
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root).withMaxUnsettledHashBytes(2);
        assertEquals(2, provider.maxUnsettledHashBytes());
        String version = version(provider, file);
        assertNotNull(version);
        assertTrue(version.startsWith("3@"), version);
        assertThrows(IllegalArgumentException.class, () -> provider.withMaxUnsettledHashBytes(-1));
    }

    @Test
    void aFolderHasNoVersion() throws IOException {
        Path folder = Files.createDirectory(root.resolve("sub"));
        Files.setLastModifiedTime(folder, FileTime.from(AN_HOUR_AGO));
        assertNull(version(FileSystemResourceProvider.of(root), folder));
    }
}
