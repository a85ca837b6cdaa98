package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A server with one event loop thread, whose blob source stalls while a client reads it: every
 * other connection (all on that loop) is still served, whichever way the blob's response is
 * written. The event loop moves bytes; it never waits for a provider.
 */
@ExtendWith(LeakCheck.class)
class StalledBlobTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final String BLOB_URI = "test://stalled.bin";
    private static final String TEXT_URI = "test://small.txt";
    private static final int BLOB_BYTES = 3 * 1024 * 1024 + 1;
    private static final String META = Raw.STATELESS_META;

    /** The ways a blob's answer reaches a client. */
    enum Path {
        /** A 2026-07-28 request: the answer is its POST's JSON body. */
        STATELESS_JSON,
        /** A 2025-11-25 session: the answer is an event of its POST's SSE stream. */
        SESSION_SSE,
        /** A 2025-11-25 session with {@code jsonResponses}: the answer is its POST's JSON body. */
        SESSION_JSON,
        /** The HTTP+SSE transport of 2024-11-05: the answer is an event of the session's stream. */
        LEGACY_SSE
    }

    private final ScriptedSource source = ScriptedSource.stallingAt(0, BLOB_BYTES);
    private McpServer server;
    private URI uri;

    private void start(Path path) {
        HttpServerSettings settings = HttpServerSettings.builder().ioThreads(1)
                .jsonResponses(path == Path.SESSION_JSON).build();
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addBlob(Resource.builder(BLOB_URI, "stalled.bin").mimeType("application/octet-stream").build(),
                        Blob.ofStream(() -> source, BLOB_BYTES))
                .addText(Resource.builder(TEXT_URI, "small.txt").mimeType("text/plain").build(), "small");
        server = McpServer.builder().serverInfo("stalled", "1").resourceProvider(memory)
                .transportProvider(new StreamableHttpTransportProvider(settings, HttpClientSettings.defaults())).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        source.release();
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void anotherClientIsAnsweredWhileABlobSourceStalls(Path path) throws Exception {
        start(path);
        CompletableFuture<String> blob = readBlob(path);
        try {
            if (!source.opened().await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("the blob's source was never read: " + (blob.isDone() ? blob.join() : ""));
            }
            HttpResponse<String> small = Raw.send(Raw.post(uri, Raw.call(9, "resources/read",
                    "\"uri\":\"" + TEXT_URI + "\"," + META), "MCP-Protocol-Version", "2026-07-28",
                    "Mcp-Method", "resources/read", "Mcp-Name", TEXT_URI).timeout(Duration.ofSeconds(5)));
            assertEquals(200, small.statusCode(), small.body());
            assertEquals("small", json(small.body()).getJsonObject("result").getJsonArray("contents")
                    .getJsonObject(0).getString("text"));
            assertFalse(blob.isDone(), "the blob's answer waits for its source");
        } finally {
            source.release();
        }
        JsonObject answer = json(blob.get(30, TimeUnit.SECONDS));
        String base64 = answer.getJsonObject("result").getJsonArray("contents").getJsonObject(0).getString("blob");
        assertArrayEquals(ScriptedSource.bytes(BLOB_BYTES), Base64.getDecoder().decode(base64));
        assertEquals("jmcp-http-body-", source.reader().getName().replaceAll("\\d+$", ""));
    }

    /** Starts the read of the blob; @return the JSON of its answer, once it has all arrived */
    private CompletableFuture<String> readBlob(Path path) throws Exception {
        String params = "\"uri\":\"" + BLOB_URI + "\"";
        switch (path) {
            case STATELESS_JSON -> {
                return body(Raw.post(uri, Raw.call(2, "resources/read", params + "," + META), "MCP-Protocol-Version",
                        "2026-07-28", "Mcp-Method", "resources/read", "Mcp-Name", BLOB_URI));
            }
            case SESSION_SSE, SESSION_JSON -> {
                String id = Raw.initialize(uri);
                return body(Raw.post(uri, Raw.call(2, "resources/read", params), "Mcp-Session-Id", id,
                        "MCP-Protocol-Version", "2025-11-25"));
            }
            default -> {
                return legacy(params);
            }
        }
    }

    private static CompletableFuture<String> body(HttpRequest.Builder request) {
        return Raw.HTTP.sendAsync(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> {
                    assertEquals(200, response.statusCode(), response.body());
                    String body = response.body();
                    if (body.startsWith("{")) {
                        return body;
                    }
                    return body.lines().filter(line -> line.startsWith("data: {")).reduce((first, second) -> second)
                            .orElseThrow().substring(6);
                });
    }

    /** Opens a legacy session, initializes it and asks for the blob; its answer comes on the stream. */
    private CompletableFuture<String> legacy(String params) throws Exception {
        HttpResponse<Stream<String>> stream = Raw.HTTP.send(HttpRequest.newBuilder(uri.resolve("/sse"))
                .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofLines());
        Iterator<String> lines = stream.body().iterator();
        URI endpoint = uri.resolve(nextData(lines));
        Raw.send(Raw.post(endpoint, Raw.INITIALIZE.replace("2025-11-25", "2024-11-05")));
        nextData(lines);
        Raw.send(Raw.post(endpoint, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
        Raw.send(Raw.post(endpoint, Raw.call(2, "resources/read", params)));
        return CompletableFuture.supplyAsync(() -> {
            try (Stream<String> closing = stream.body()) {
                return nextData(lines);
            }
        });
    }

    private static String nextData(Iterator<String> lines) {
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.startsWith("data: ")) {
                return line.substring(6);
            }
        }
        throw new AssertionError("the stream ended");
    }

    private static JsonObject json(String text) {
        return JSON.createReader(new StringReader(text)).readObject();
    }
}
