package dev.jmcp.core.stateless;

import static dev.jmcp.core.stateless.Requests.request;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.Fifos;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Races on the served folder seen from a peer: the answer to a read carries the bytes of the file
 * the handler opened, whatever the file became before the answer was written, and a hostile path
 * is refused naming the limit; the session answers afterwards.
 */
class FileRacesOverASessionTest {
    private static final byte[] INSIDE = {0, 1, 2, 3, (byte) 0xFF, 0, 42};

    @TempDir
    Path temp;
    Path root;
    McpServer server;
    RawPeer peer;

    @BeforeEach
    void serveAFolder() throws Exception {
        root = Files.createDirectory(temp.resolve("root")).toRealPath();
        Files.write(root.resolve("data.bin"), INSIDE);
        server = McpServer.builder().serverInfo("test-server", "1")
                .resourceProvider(FileSystemResourceProvider.of(root)).build();
        peer = new RawPeer();
        server.serve(peer);
    }

    @AfterEach
    void close() {
        server.close();
    }

    private String uri(String relative) {
        String base = root.toUri().toASCIIString();
        return base + relative;
    }

    private void assertStillAnswers() throws InterruptedException {
        JsonObject answer = peer.call(request(99, "resources/list", ""));
        assertTrue(answer.containsKey("result"), answer.toString());
    }

    @Test
    void aFileSwappedForAPipeBeforeTheAnswerIsWrittenSendsTheOpenedBytes() throws Exception {
        Path data = root.resolve("data.bin");
        RawPeer.Gate gate = peer.holdNextSend();
        peer.send(request(1, "resources/read", "\"uri\":\"" + uri("data.bin") + "\""));
        assertTrue(gate.reached.await(RawPeer.WAIT.toMillis(), TimeUnit.MILLISECONDS), "no answer came");
        Files.delete(data);
        Fifos.make(data);
        try {
            gate.released.countDown();

            JsonObject contents = peer.next().getJsonObject("result").getJsonArray("contents").getJsonObject(0);

            assertArrayEquals(INSIDE, Base64.getDecoder().decode(contents.getString("blob")));
            assertEquals(INSIDE.length, contents.getInt("size"));
            assertStillAnswers();
        } finally {
            Fifos.release(data);
        }
    }

    @Test
    void aPathOfFiftyThousandSegmentsIsRefusedNamingTheLimit() throws Exception {
        String uri = uri("a/".repeat(49_999) + "a");

        JsonObject error = peer.call(request(1, "resources/read", "\"uri\":\"" + uri + "\"")).getJsonObject("error");

        assertEquals(ErrorCodes.INVALID_PARAMS, error.getInt("code"));
        assertTrue(error.getString("message").contains("maxPathSegments=256"), error.getString("message"));
        assertStillAnswers();
    }
}
