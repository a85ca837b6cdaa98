package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session reads a file blob over a streamed SSE POST, then resumes the stream with
 * {@code Last-Event-ID} (a GET, as the 2025-11-25 Streamable HTTP transport has it): it gets the
 * very bytes it was sent, whatever became of the file since, since replay never reads the file again.
 */
@ExtendWith(LeakCheck.class)
class ReplayFromSentBytesTest {
    private static final int FILE_BYTES = 300_000;

    @TempDir
    Path dir;
    private Path file;
    private String fileUri;
    private McpServer server;
    private URI uri;

    @BeforeEach
    void writeTheFile() throws Exception {
        byte[] bytes = new byte[FILE_BYTES];
        new Random(11).nextBytes(bytes);
        file = Files.write(dir.resolve("data.bin"), bytes);
        fileUri = file.toRealPath().toUri().toString();
    }

    private void start(HttpServerSettings settings) {
        server = McpServer.builder().serverInfo("replay", "1").resourceProvider(FileSystemResourceProvider.of(dir))
                .transportProvider(new StreamableHttpTransportProvider(settings, HttpClientSettings.defaults())).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aResumedStreamGetsTheSentBytesAfterTheFileWasDeleted() throws Exception {
        start(HttpServerSettings.defaults());
        String session = Raw.initialize(uri);
        String sent = readOverSse(session);
        Files.delete(file);
        assertEquals(sent, resume(session), "the replay is the event as it was sent");
    }

    @Test
    void aResumedStreamGetsTheSentBytesAfterTheFileChanged() throws Exception {
        start(HttpServerSettings.defaults());
        String session = Raw.initialize(uri);
        String sent = readOverSse(session);
        Files.write(file, new byte[] {1, 2, 3});
        assertEquals(sent, resume(session), "the replay is the event as it was sent");
        assertEquals(sent, resume(session), "and again, as often as the client asks");
    }

    @Test
    void anAnswerTheServerCouldNotKeepIsResumedAsAnErrorNamingTheSetting() throws Exception {
        start(HttpServerSettings.builder().maxReplayBytes(0).build());
        String session = Raw.initialize(uri);
        readOverSse(session);
        assertEquals("id: 2-2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32603,"
                + "\"message\":\"the answer to request 2 is not kept for replay: the server's replay "
                + "budget, maxReplayBytes=0, was spent\"}}\n\n", resume(session));
    }

    /** @return the event that answered the read, as sent: everything after the priming event */
    private String readOverSse(String session) throws Exception {
        HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.call(2, "resources/read",
                "\"uri\":\"" + fileUri + "\""), "Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
        assertEquals(200, response.statusCode());
        String body = response.body();
        assertTrue(body.startsWith("id: 2-1\ndata:\n\n"), "a priming event first: " + head(body));
        String event = body.substring("id: 2-1\ndata:\n\n".length());
        assertTrue(event.startsWith("id: 2-2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":"),
                head(event));
        assertTrue(event.length() > FILE_BYTES * 4 / 3, "the blob is in the event: " + event.length());
        return event;
    }

    private String resume(String session) throws Exception {
        HttpResponse<String> resumed = Raw.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header("Accept", "text/event-stream").header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", "2025-11-25").header("Last-Event-ID", "2-1").GET());
        assertEquals(200, resumed.statusCode(), resumed.body());
        return resumed.body();
    }

    private static String head(String text) {
        return text.substring(0, Math.min(200, text.length()));
    }
}
