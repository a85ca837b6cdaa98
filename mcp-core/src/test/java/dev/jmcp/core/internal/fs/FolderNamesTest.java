package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderNamesTest {
    @TempDir
    Path folder;

    @Test
    void aNameThePlatformCannotDecodeIsLeftOutAndOneThatHoldsTheReplacementCharacterIsNot() throws Exception {
        // a name of bytes that are not UTF-8 can only be made from outside Java, whose names are Strings
        Process touch = new ProcessBuilder("sh", "-c", "touch \"$(printf 'bad\\377.txt')\"")
                .directory(folder.toFile()).inheritIO().start();
        assertEquals(true, touch.waitFor(10, TimeUnit.SECONDS) && touch.exitValue() == 0, "touch ran");
        Files.createFile(folder.resolve("good.txt"));
        Files.createFile(folder.resolve("real \uFFFD.txt")); // valid UTF-8: it can be found again
        assertEquals(3, countEntries(), "the undecodable file exists");

        List<String> names = FolderNames.read(folder);
        names.sort(null);
        assertEquals(List.of("good.txt", "real \uFFFD.txt"), names);
    }

    private long countEntries() throws IOException {
        try (var entries = Files.list(folder)) {
            return entries.count();
        }
    }
}
