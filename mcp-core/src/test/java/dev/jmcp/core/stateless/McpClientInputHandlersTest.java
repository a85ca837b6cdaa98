package dev.jmcp.core.stateless;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A program that uses {@link McpClient} registers the handlers of the server's questions in
 * {@link ClientOptions}: a 2026-07-28 request answered with {@code input_required} is asked of them
 * and retried, with no {@code ClientSession} of its own.
 */
class McpClientInputHandlersTest {
    @Test
    void anInputRequiredRoundIsAnsweredByTheHandlerGivenInTheOptions() throws Exception {
        ClientOptions options = ClientOptions.builder()
                .capabilities(ClientCapabilities.builder().elicitation(JsonObject.EMPTY_JSON_OBJECT).build())
                .requestHandler("elicitation/create", (params, context) -> Json.createObjectBuilder()
                        .add("action", "accept").add("content", Json.createObjectBuilder().add("name", "Ada")).build())
                .build();
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        try (McpServer server = McpServer.builder().serverInfo("s", "1").feature(new TestTools()).build()) {
            server.serve(pair.server());
            try (McpClient client = McpClient.connect(pair.client(), options)) {
                assertEquals("2026-07-28", client.protocolVersion());
                JsonObject result = client.session().sendRequest("tools/call",
                        Json.createObjectBuilder().add("name", "ask").build(), JsonObject.class, RequestOptions.defaults())
                        .get(30, TimeUnit.SECONDS);
                assertEquals("round-1:Ada", result.getJsonArray("content").getJsonObject(0).getString("text"));
            }
        }
    }
}
