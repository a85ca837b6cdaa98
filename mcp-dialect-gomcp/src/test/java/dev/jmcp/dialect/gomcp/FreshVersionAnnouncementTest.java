package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import dev.jmcp.dialect.gomcp.testing.SseWire;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With the file-system provider's default versions (size and time, which cannot be trusted for a
 * moment after a write), the change notification a gomcp subscriber gets for a write carries the
 * version of what was written: the content's hash while the time is fresh, never nothing.
 */
class FreshVersionAnnouncementTest {
    @TempDir
    Path root;
    private McpServer server;
    private URI sse;

    @BeforeEach
    void serve() throws Exception {
        Files.writeString(root.resolve("note.txt"), "v1");
        server = McpServer.builder().serverInfo("fresh", "1")
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
    void theFirstAnnouncementOfAWriteCarriesTheNewVersion() throws Exception {
        String uri = root.resolve("note.txt").toUri().toString();
        try (GomcpPeer peer = GomcpPeer.initialized(new SseWire(sse))) {
            peer.result("resources/read", "{\"uri\":\"" + uri + "\"}"); // one notification name: updated
            peer.result("resources/subscribe", "{\"uris\":[\"" + uri + "\"]}");

            // written over the old bytes in one write, not truncated first: a watch that looked between a
            // truncation and the write would rightly announce the empty file (seen once in a fresh clone)
            Files.write(root.resolve("note.txt"), "version two".getBytes(StandardCharsets.UTF_8), StandardOpenOption.WRITE);

            JsonObject announced = peer.nextNotification("notifications/resources/updated").getJsonObject("params")
                    .getJsonObject("resource");
            String version = announced.getString("version", null);
            // the hash of the new bytes while the write is fresh; its size and time (11 bytes) if the
            // watch saw it only after the time had settled
            assertTrue(("sha256-" + sha256("version two")).equals(version) || version != null && version.startsWith("11@"),
                    "the version of what was written: " + announced);
            JsonObject read = peer.result("resources/read", "{\"uri\":\"" + uri + "\"}");
            assertEquals("version two", read.getJsonObject("contents").getString("content"));
        }
    }

    private static String sha256(String text) throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    }
}
