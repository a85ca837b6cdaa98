package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A URI's path is bounded in segments, and the bound is checked before any segment costs work. */
class FileSystemPathLimitsTest {
    @TempDir
    Path temp;
    Path root;

    @BeforeEach
    void createRoot() throws IOException {
        root = Files.createDirectory(temp.resolve("root")).toRealPath();
    }

    private String uriOfSegments(int count, String last) {
        StringBuilder relative = new StringBuilder();
        for (int i = 1; i < count; i++) {
            relative.append("a/");
        }
        return FileSystemResourceProviderTest.uriOf(root, relative + last);
    }

    @Test
    void fiftyThousandSegmentsAreRefusedNamingTheLimit() {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        String uri = uriOfSegments(50_000, "a");

        ProtocolException refused = assertThrows(ProtocolException.class, () -> Calls.describe(provider, uri));

        assertEquals(ErrorCodes.INVALID_PARAMS, refused.code());
        assertTrue(refused.getMessage().contains("maxPathSegments=256"), refused.getMessage());
    }

    /**
     * The count comes before any segment is decoded or looked up: the 300th segment here is {@code ..},
     * which a segment check would name, and nothing under the root exists, which a lookup would find.
     */
    @Test
    void theSegmentCountIsCheckedBeforeAnySegment() {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        String uri = uriOfSegments(300, "..");

        ProtocolException refused = assertThrows(ProtocolException.class, () -> Calls.describe(provider, uri));

        assertTrue(refused.getMessage().contains("300 segments"), refused.getMessage());
        assertTrue(refused.getMessage().contains("maxPathSegments=256"), refused.getMessage());
    }

    @Test
    void aPathAtTheLimitIsLookedUpAndOneMoreIsRefused() throws IOException {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root).withMaxPathSegments(3);
        Files.createDirectories(root.resolve("a/a"));
        Files.writeString(root.resolve("a/a/f.txt"), "deep");
        String base = FileSystemResourceProviderTest.uriOf(root, "");

        assertEquals("f.txt", Calls.metadata(provider, base + "/a/a/f.txt").name());
        ProtocolException refused = assertThrows(ProtocolException.class,
                () -> Calls.describe(provider, base + "/a/a/a/f.txt"));
        assertTrue(refused.getMessage().contains("maxPathSegments=3"), refused.getMessage());
    }

    @Test
    void theLimitMustBePositive() {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);

        assertThrows(IllegalArgumentException.class, () -> provider.withMaxPathSegments(0));
    }
}
