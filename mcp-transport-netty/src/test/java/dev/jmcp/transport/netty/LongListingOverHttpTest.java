package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A long listing is encoded off the event loop and streamed as it is encoded (no Content-Length):
 * whole and in order, to a plain HTTP client and to jmcp's, in a session and statelessly; a short one
 * is still one body with its length.
 */
@ExtendWith(LeakCheck.class)
class LongListingOverHttpTest {
    private static final JsonProvider JSON = JsonProvider.provider();

    private McpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private URI serve(int entries) {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory");
        for (int i = 0; i < entries; i++) {
            String name = String.format("entry-%05d", i);
            memory.addText(Resource.builder("mem://list/" + name, name).mimeType("text/plain").build(), "body " + i);
        }
        server = McpServer.builder().serverInfo("long-listing", "1").resourceProvider(memory).build();
        return server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    private static void assertListed(int entries, JsonArray resources) {
        assertEquals(entries, resources.size());
        for (int i = 0; i < entries; i++) {
            assertEquals(String.format("mem://list/entry-%05d", i), resources.getJsonObject(i).getString("uri"));
        }
    }

    @Test
    void aLongStatelessListingStreamsWithoutALengthAndArrivesWhole() throws Exception {
        URI uri = serve(3000);
        HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.call(1, "resources/list", Raw.STATELESS_META),
                "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "resources/list"));
        assertEquals(200, response.statusCode());
        assertFalse(response.headers().firstValue("Content-Length").isPresent(), "streamed: " + response.headers());
        assertTrue(response.headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"));
        JsonObject answer = JSON.createReader(new StringReader(response.body())).readObject();
        assertListed(3000, answer.getJsonObject("result").getJsonArray("resources"));
    }

    @Test
    void aShortListingIsOneBodyWithItsLength() throws Exception {
        URI uri = serve(10);
        HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.call(1, "resources/list", Raw.STATELESS_META),
                "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "resources/list"));
        assertEquals(String.valueOf(response.body().length()), response.headers().firstValue("Content-Length").orElseThrow());
        assertListed(10, JSON.createReader(new StringReader(response.body())).readObject().getJsonObject("result")
                .getJsonArray("resources"));
    }

    @Test
    void aLongListingInASessionStreamsToo() throws Exception {
        URI uri = serve(3000);
        String session = Raw.initialize(uri);
        HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.call(2, "resources/list", ""),
                "Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
        assertEquals(200, response.statusCode());
        assertFalse(response.headers().firstValue("Content-Length").isPresent(), "streamed: " + response.headers());
        String body = response.body();
        // JSON, or one SSE event, as the server chose for a session's answer
        String json = body.startsWith("{") ? body : body.substring(body.indexOf("data: {") + 6, body.lastIndexOf('}') + 1);
        assertListed(3000, JSON.createReader(new StringReader(json)).readObject().getJsonObject("result")
                .getJsonArray("resources"));
    }

    @Test
    void jmcpsClientReadsLongListingsPageAfterPageOnOneConnection() {
        URI uri = serve(3000);
        try (McpClient client = McpClient.connect(uri)) {
            for (int round = 0; round < 3; round++) {
                List<Resource> all = client.resources().listAll(10);
                assertEquals(3000, all.size());
                assertEquals("mem://list/entry-02999", all.get(2999).uri());
            }
            assertEquals("body 7", ((dev.jmcp.schema.resources.TextResourceContents) client.resources()
                    .read("mem://list/entry-00007").contents().get(0)).text());
        }
    }
}
