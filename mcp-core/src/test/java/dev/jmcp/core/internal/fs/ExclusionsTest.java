package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kept rules of {@link Exclusions}: looked at without a lock, dropped past their bound, and read
 * again when the watch says a file changed; a path judged by its names or as a Path gets one verdict.
 */
class ExclusionsTest {
    @TempDir
    Path temp;

    private Path root() throws IOException {
        return temp.toRealPath();
    }

    @Test
    void aChangedRulesFileIsReadAgainOnceForgotten() throws IOException {
        Path root = root();
        Files.writeString(root.resolve(".gitignore"), "a.txt\n");
        Exclusions exclusions = new Exclusions(root, true, true);
        assertTrue(exclusions.excludes(List.of("a.txt"), false));

        Files.writeString(root.resolve(".gitignore"), "b.txt\n");
        exclusions.forget(root);

        assertFalse(exclusions.excludes(List.of("a.txt"), false));
        assertTrue(exclusions.excludes(List.of("b.txt"), false));
    }

    @Test
    void foldersPastTheBoundAreStillJudgedByTheirOwnRules() throws IOException {
        Path root = root();
        int folders = Exclusions.MAX_CACHED_FILES + 16;
        for (int i = 0; i < folders; i++) {
            Path folder = Files.createDirectory(root.resolve("d" + i));
            Files.writeString(folder.resolve(".gitignore"), "x" + i + "\n");
        }
        Exclusions exclusions = new Exclusions(root, true, true);
        for (int pass = 0; pass < 2; pass++) { // the second pass finds some dropped, and reads them again
            for (int i = 0; i < folders; i++) {
                assertTrue(exclusions.excludes(List.of("d" + i, "x" + i), false), "d" + i);
                assertFalse(exclusions.excludes(List.of("d" + i, "x" + (i + 1)), false), "d" + i);
            }
        }
    }

    @Test
    void namesAndPathsGetTheSameVerdict() throws IOException {
        Path root = root();
        Files.createDirectories(root.resolve("d/e"));
        Files.writeString(root.resolve(".gitignore"), "/d/e/*.log\nbuild/\n");
        Files.writeString(root.resolve("d/.gitignore"), "!e/keep.log\n");
        Exclusions exclusions = new Exclusions(root, false, true);
        List<List<String>> cases = List.of(List.of("d", "e", "x.log"), List.of("d", "e", "keep.log"),
                List.of("d", "x.log"), List.of("d", "build", "y"), List.of("d", ".hidden"), List.of("d", "e", "ok.txt"));
        List<Boolean> expected = List.of(true, false, false, true, true, false);
        for (int i = 0; i < cases.size(); i++) {
            List<String> names = cases.get(i);
            Path path = root.resolve(String.join("/", names));
            assertEquals(expected.get(i), exclusions.excludes(names, false), names.toString());
            assertEquals(expected.get(i), exclusions.excludes(path, false), path.toString());
        }
    }
}
