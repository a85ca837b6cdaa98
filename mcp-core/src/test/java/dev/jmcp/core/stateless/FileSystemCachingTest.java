package dev.jmcp.core.stateless;

import static dev.jmcp.core.stateless.Requests.request;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.ServerSettings;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.spi.CacheHint;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file-system provider's caching hint on the stateless results of a server, against the server's default. */
class FileSystemCachingTest {
    /** A server default a program might choose for its tool lists: long and public, wrong for a user's files. */
    private static final CacheHint SERVER_DEFAULT = CacheHint.publicFor(3_600_000);

    @TempDir
    Path dir;
    private McpServer server;

    private JsonObject list(FileSystemResourceProvider files) throws Exception {
        server = McpServer.builder().serverInfo("test-server", "1").resourceProvider(files)
                .settings(ServerSettings.builder().defaultCacheHint(SERVER_DEFAULT).build()).build();
        RawPeer peer = new RawPeer();
        server.serve(peer);
        return peer.call(request(1, "resources/list", "")).getJsonObject("result");
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aFoldersResultsStayStaleAndPrivateWhateverTheServersDefault() throws Exception {
        Files.writeString(dir.resolve("a.txt"), "alpha");
        JsonObject result = list(FileSystemResourceProvider.of(dir));
        assertEquals(0, result.getJsonNumber("ttlMs").longValueExact());
        assertEquals("private", result.getString("cacheScope"));
    }

    @Test
    void theHintAProgramChoosesIsTheOneSent() throws Exception {
        JsonObject result = list(FileSystemResourceProvider.of(dir).withCacheHint(CacheHint.privateFor(30_000)));
        assertEquals(30_000, result.getJsonNumber("ttlMs").longValueExact());
        assertEquals("private", result.getString("cacheScope"));
    }

    @Test
    void withoutAHintTheServersDefaultIsSent() throws Exception {
        JsonObject result = list(FileSystemResourceProvider.of(dir).withCacheHint(null));
        assertEquals(SERVER_DEFAULT.ttlMs(), result.getJsonNumber("ttlMs").longValueExact());
        assertEquals("public", result.getString("cacheScope"));
    }
}
