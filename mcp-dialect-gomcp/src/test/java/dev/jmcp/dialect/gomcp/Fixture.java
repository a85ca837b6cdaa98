package dev.jmcp.dialect.gomcp;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder the tests serve, and the server that serves it in the gomcp dialect. Top level, in
 * name order: a text file, a Markdown file, a binary file, a folder with one file, and six files
 * that subscription tests change (one each, so that tests do not see each other's changes).
 */
final class Fixture {
    /** Small, so that listings take several pages and their cursors are used. */
    static final int PAGE_SIZE = 3;
    /** Small, so that a test can pass it. */
    static final int MAX_SUBSCRIPTIONS = 3;
    static final byte[] BINARY = {0, 1, 2, (byte) 0xfe, (byte) 0xff, 0, 'b', 'i', 'n'};

    private Fixture() {
    }

    static void write(Path root) throws IOException {
        Files.writeString(root.resolve("a-hello.txt"), "Hello, gomcp");
        Files.writeString(root.resolve("b-notes.md"), "# notes\n");
        Files.write(root.resolve("c-data.bin"), BINARY);
        Files.createDirectories(root.resolve("d-sub"));
        Files.writeString(root.resolve("d-sub").resolve("inner.txt"), "inside");
        for (int i = 1; i <= 6; i++) {
            Files.writeString(root.resolve("w" + i + ".txt"), "watched " + i);
        }
    }

    /**
     * @return a server of {@code root} in the gomcp dialect, with content hashes for versions:
     *         the same version for the same bytes, whatever the files' age; its texts are streamed
     */
    static McpServer server(Path root) {
        return McpServer.builder()
                .serverInfo("gomcp-fixture", "1")
                // every text is streamed (a threshold of 0), so that the dialect's reads, whose content
                // is a String, go through HeldTexts
                .resourceProvider(FileSystemResourceProvider.of(root).withContentHashes(true).withStreamedTextAboveBytes(0))
                .resourceSettings(ResourceSettings.builder().pageSize(PAGE_SIZE)
                        .maxSubscriptionsPerSession(MAX_SUBSCRIPTIONS).build())
                .dialect("gomcp")
                .build();
    }

    static String uri(Path root, String name) {
        return root.resolve(name).toUri().toString();
    }
}
