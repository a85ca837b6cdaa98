package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafePathsChildUriTest {
    @TempDir
    Path root;

    @Test
    void aChildUriIsTheUriOfTheChildsPath() throws IOException {
        for (Path top : List.of(root.toRealPath(), Path.of("/"))) {
            SafePaths paths = new SafePaths(top, 256);
            for (Path folder : List.of(top, top.resolve("sub dir"), top.resolve("a/b"))) {
                for (String name : List.of("plain.txt", "with space", "per%cent", "ünï#?", "[x]")) {
                    assertEquals(paths.toUri(folder.resolve(name)), paths.childUri(paths.toUri(folder), name),
                            folder + " / " + name);
                }
            }
        }
    }
}
