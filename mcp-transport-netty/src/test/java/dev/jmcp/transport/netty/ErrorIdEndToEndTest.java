package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The handshake era's transports answer a request whose body they could read, but refuse, with an
 * error that carries the request's id with its JSON type, so that a client with several requests in
 * flight knows which one failed.
 */
@ExtendWith(LeakCheck.class)
class ErrorIdEndToEndTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private McpServer server;
    private URI uri;

    @BeforeEach
    void start() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.builder("test://a", "a").mimeType("text/plain").build(), "a");
        server = McpServer.builder().serverInfo("ids", "1").resourceProvider(memory).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static JsonObject json(HttpResponse<String> response) {
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(null));
        return JSON.createReader(new StringReader(response.body())).readObject();
    }

    @Test
    void aBadReadOnTheLegacySseTransportIsAnsweredWithItsId() throws Exception {
        HttpResponse<Stream<String>> stream = Raw.HTTP.send(HttpRequest.newBuilder(uri.resolve("/sse"))
                .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofLines());
        try (Stream<String> lines = stream.body()) {
            String endpoint = lines.filter(line -> line.startsWith("data: ")).findFirst().orElseThrow().substring(6);
            HttpResponse<String> response = Raw.send(Raw.post(uri.resolve(endpoint),
                    Raw.call("legacy-1", "resources/read", "\"uri\":7")));
            assertEquals(400, response.statusCode());
            assertEquals("legacy-1", json(response).getString("id"));
        }
    }

    @Test
    void aBadReadInASessionIsAnsweredWithItsId() throws Exception {
        String id = Raw.initialize(uri);
        HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.call(1234567890123L, "resources/read", ""),
                "Mcp-Session-Id", id, "MCP-Protocol-Version", "2025-11-25"));
        assertEquals(400, response.statusCode());
        JsonObject body = json(response);
        assertEquals(1234567890123L, body.getJsonNumber("id").longValueExact());
        assertEquals(-32602, body.getJsonObject("error").getInt("code"));
    }
}
