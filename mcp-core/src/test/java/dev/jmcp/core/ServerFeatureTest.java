package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ServerFeatureTest {
    private static final JsonProvider JSON = JsonProvider.provider();

    /** A minimal tools feature: one tool, listed as a raw JSON object. */
    private static final class EchoTools implements ServerFeature {
        final List<ServerSession> attached = new CopyOnWriteArrayList<>();

        @Override
        public void declare(ServerCapabilities.Builder capabilities) {
            capabilities.tools(ListChangedCapability.of(false));
        }

        @Override
        public void register(FeatureHandlers session) {
            session.requestHandler("tools/list", (params, context) -> JSON.createObjectBuilder()
                    .add("tools", JSON.createArrayBuilder().add(JSON.createObjectBuilder().add("name", "echo")))
                    .build());
        }

        @Override
        public void attach(ServerSession session) {
            attached.add(session);
        }
    }

    @Test
    void aFeatureDeclaresItsCapabilitiesAndAnswersItsMethodsBesideResources() throws Exception {
        EchoTools tools = new EchoTools();
        try (McpServer server = McpServer.builder().serverInfo("tools", "1").feature(tools).build()) {
            InMemoryTransport.Pair pair = InMemoryTransport.pair();
            server.serve(pair.server());
            try (McpClient client = McpClient.connect(pair.client())) {
                ServerCapabilities capabilities = client.serverCapabilities();
                assertNotNull(capabilities.tools(), "the feature's capability is declared");
                assertNull(capabilities.resources(), "a server without providers declares no resources");
                JsonObject listed = client.session().sendRequest("tools/list", null, JsonObject.class).join();
                assertEquals("echo", listed.getJsonArray("tools").getJsonObject(0).getString("name"));
                assertEquals(1, tools.attached.size(), "the feature saw the session");
            }
        }
    }
}
