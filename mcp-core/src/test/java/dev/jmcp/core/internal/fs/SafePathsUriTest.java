package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.providers.UriPaths;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafePathsUriTest {
    @TempDir
    Path root;

    @Test
    void theUriOfAPathIsReadBackAsThatPathAndAChildsIsWhatUriPathsGives() throws IOException {
        for (Path top : List.of(root.toRealPath(), Path.of("/"))) {
            SafePaths paths = new SafePaths(top, 256);
            for (Path folder : List.of(top, top.resolve("sub dir"), top.resolve("a/b"))) {
                for (String name : List.of("plain.txt", "with space", "per%cent", "ünï#?", "[x]", "a+b=c;d")) {
                    Path child = folder.resolve(name);
                    assertEquals(child, paths.lexical(paths.toUri(child)), folder + " / " + name);
                    assertEquals(UriPaths.child(paths.toUri(folder), name), paths.toUri(child), folder + " / " + name);
                }
            }
        }
    }

    @Test
    void theRootOfTheFileSystemIsFileSlashSlashSlash() {
        SafePaths paths = new SafePaths(Path.of("/"), 256);

        assertEquals("file:///", paths.rootUri());
        assertEquals("file:///", paths.toUri(Path.of("/")));
        assertEquals("file:///etc", paths.toUri(Path.of("/etc")));
    }
}
