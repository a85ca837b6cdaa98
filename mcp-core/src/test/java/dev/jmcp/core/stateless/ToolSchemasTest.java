package dev.jmcp.core.stateless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.spi.ToolSchemas;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The tool schemas a feature gives ({@link FeatureHandlers#toolSchemas}) reach the transport of a
 * stateless request through its listener, before any message is delivered: what Streamable HTTP
 * checks {@code Mcp-Param-*} headers against.
 */
class ToolSchemasTest {
    private static final JsonObject SCHEMA = JsonProvider.provider().createObjectBuilder().add("type", "object").build();

    /** A feature that gives the schema of one tool, {@code echo}. */
    private static final class Tools implements ServerFeature {
        @Override
        public void declare(ServerCapabilities.Builder capabilities) {
        }

        @Override
        public void register(FeatureHandlers handlers) {
            handlers.toolSchemas(name -> name.equals("echo") ? SCHEMA : null);
        }
    }

    /** A transport of one request that keeps the listener it was started with and delivers nothing. */
    private static final class Held implements McpTransport {
        final CompletableFuture<Listener> listener = new CompletableFuture<>();

        @Override
        public void start(Listener value) {
            listener.complete(value);
        }

        @Override
        public CompletableFuture<Void> send(JsonRpcPayload payload) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {
            listener.getNow(null).onClosed(null);
        }

        @Override
        public boolean carriesOneRequest() {
            return true;
        }
    }

    private static ToolSchemas schemasOf(McpServer server) {
        Held transport = new Held();
        server.serve(transport);
        ToolSchemas schemas = transport.listener.getNow(null).toolSchemas();
        transport.close();
        return schemas;
    }

    @Test
    void aStatelessRequestsListenerHasTheFeaturesToolSchemas() {
        try (McpServer server = McpServer.builder().serverInfo("tools", "1").feature(new Tools()).build()) {
            ToolSchemas schemas = schemasOf(server);
            assertSame(SCHEMA, schemas.inputSchema("echo"));
            assertNull(schemas.inputSchema("other"));
        }
    }

    @Test
    void aServerWhoseFeaturesGiveNoSchemasHasNone() {
        try (McpServer server = McpServer.builder().serverInfo("none", "1").build()) {
            assertNull(schemasOf(server).inputSchema("echo"));
        }
    }

    @Test
    void twoFeaturesGivingSchemasAreRefusedNamingBoth() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> McpServer.builder().serverInfo("two", "1").feature(new Tools()).feature(new Tools()).build());
        assertTrue(refused.getMessage().contains("tool schemas are given already"), refused.getMessage());
        assertEquals(2, refused.getMessage().split("ToolSchemasTest").length - 1, refused.getMessage());
    }
}
