package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import dev.jmcp.dialect.gomcp.testing.SseWire;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With size-and-time versions, which the file-system provider withholds for a moment after a write,
 * a gomcp subscriber is still told the version a change led to: the resource is announced again
 * once its version has settled.
 */
class SettledVersionAnnouncementTest {
    /** The thread of internal.server.SettlingVersions, which the dialect's module-info names. */
    private static final String VERSIONS_THREAD = "jmcp-gomcp-versions";
    @TempDir
    Path root;
    private McpServer server;
    private URI sse;

    @BeforeEach
    void serve() throws Exception {
        Files.writeString(root.resolve("note.txt"), "v1");
        server = McpServer.builder().serverInfo("settling", "1")
                .resourceProvider(FileSystemResourceProvider.of(root)) // size and time, not content hashes
                .dialect("gomcp")
                .build();
        sse = server.serve(URI.create("http://127.0.0.1:0/mcp")).address().resolve("/sse");
    }

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void aChangeAnnouncedWithoutAVersionIsAnnouncedAgainWithTheSettledOne() throws Exception {
        String uri = root.resolve("note.txt").toUri().toString();
        try (GomcpPeer peer = GomcpPeer.initialized(new SseWire(sse))) {
            peer.result("resources/read", "{\"uri\":\"" + uri + "\"}"); // one notification name: updated
            peer.result("resources/subscribe", "{\"uris\":[\"" + uri + "\"]}");

            Files.writeString(root.resolve("note.txt"), "version two");

            JsonObject announced;
            do { // the first announcements come before the version settles, and carry none
                announced = peer.nextNotification("notifications/resources/updated").getJsonObject("params")
                        .getJsonObject("resource");
            } while (!announced.containsKey("version"));
            JsonObject read = peer.result("resources/read", "{\"uri\":\"" + uri + "\"}");
            assertEquals(read.getJsonObject("resource").getString("version"), announced.getString("version"));
            assertEquals("version two", read.getJsonObject("contents").getString("content"));
        }
        List<Thread> looking = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(VERSIONS_THREAD)).toList();
        server.close();
        for (Thread thread : looking) {
            thread.join(GomcpPeer.WAIT.toMillis());
            assertFalse(thread.isAlive(), "the thread that looks for settled versions ends with the server");
        }
    }
}
