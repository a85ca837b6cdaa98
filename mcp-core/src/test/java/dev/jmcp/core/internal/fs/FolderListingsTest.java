package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderListingsTest {
    @TempDir
    Path folder;

    @Test
    void keptNamesServeAPageOnlyWhileTheFolderIsUnchanged() throws IOException {
        for (String name : List.of("d", "b", "a", "c")) {
            Files.createFile(folder.resolve(name));
        }
        settle();
        FolderListings listings = new FolderListings(100);
        assertEquals(List.of("a", "b", "c", "d"), names(listings.namesAfter(folder, null, 10)));
        assertEquals(List.of("c", "d"), names(listings.namesAfter(folder, "b", 10)));
        assertEquals(List.of("c", "d"), names(listings.namesAfter(folder, "bb", 10)), "after a name that is not there");

        Files.createFile(folder.resolve("ca")); // the folder's modification time moves on
        assertEquals(List.of("c", "ca", "d"), names(listings.namesAfter(folder, "b", 10)));
        Files.delete(folder.resolve("c"));
        Files.setLastModifiedTime(folder, FileTime.from(Instant.now().minusSeconds(60)));
        assertEquals(List.of("ca", "d"), names(listings.namesAfter(folder, "b", 10)));
    }

    @Test
    void keptNamesAreServedWithoutReadingTheFolderAgain() throws IOException {
        Files.createFile(folder.resolve("a"));
        settle();
        FolderListings listings = new FolderListings(100);
        assertEquals(List.of("a"), names(listings.namesAfter(folder, null, 10)));
        // a program that puts the modification time back hides its change: the names are the kept ones
        Files.createFile(folder.resolve("b"));
        settle();
        assertEquals(List.of("a"), names(listings.namesAfter(folder, null, 10)));
        assertEquals(List.of("a", "b"), names(new FolderListings(0).namesAfter(folder, null, 10)));
    }

    @Test
    void aFolderWithMoreNamesThanTheBoundIsReadForEveryPage() throws IOException {
        for (String name : List.of("a", "b", "c")) {
            Files.createFile(folder.resolve(name));
        }
        settle();
        FolderListings listings = new FolderListings(2);
        assertEquals(List.of("b", "c"), names(listings.namesAfter(folder, "a", 10)));
        Files.createFile(folder.resolve("d"));
        settle(); // the same modification time as before: only a new read sees "d"
        assertEquals(List.of("b", "c", "d"), names(listings.namesAfter(folder, "a", 10)));
    }

    /** Sets the folder's modification time to a fixed moment long past, so that its names may be kept. */
    private void settle() throws IOException {
        Files.setLastModifiedTime(folder, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
    }

    private static List<String> names(Iterator<String> names) {
        List<String> all = new ArrayList<>();
        names.forEachRemaining(all::add);
        return all;
    }
}
