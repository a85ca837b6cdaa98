package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import dev.jmcp.dialect.gomcp.testing.SseWire;
import dev.jmcp.core.McpServer;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gomcp client against a jmcp server in the gomcp dialect, over gomcp's HTTP (the HTTP+SSE shape
 * of 2024-11-05, which jmcp's HTTP transport serves at {@code /sse}) on 127.0.0.1: each test opens a
 * session of its own on one server.
 */
class GomcpOverHttpTest {
    @TempDir
    static Path root;
    private static McpServer server;
    private static URI address;
    private static Scenarios scenarios;

    @BeforeAll
    static void serve() throws Exception {
        Fixture.write(root);
        server = Fixture.server(root);
        address = server.serve(URI.create("http://127.0.0.1:0/mcp")).address().resolve("/sse");
        scenarios = new Scenarios(root);
    }

    @AfterAll
    static void close() {
        if (server != null) {
            server.close();
        }
    }

    private static GomcpPeer peer() throws Exception {
        return GomcpPeer.initialized(new SseWire(address));
    }

    /** Runs {@code scenario} in a session of its own, closed after it. */
    private static void inASession(Scenario scenario) throws Exception {
        try (GomcpPeer peer = peer()) {
            scenario.run(peer);
        }
    }

    @FunctionalInterface
    private interface Scenario {
        void run(GomcpPeer peer) throws Exception;
    }

    @Test
    void handshakeWithTheBareInitializedLetsTheServerNotify() throws Exception {
        try (GomcpPeer peer = GomcpPeer.on(new SseWire(address))) {
            JsonObject initialized = peer.result("initialize", "{\"protocolVersion\":\"2025-03-26\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"gomcp-test\",\"version\":\"0.1\"}}");
            assertEquals("2025-03-26", initialized.getString("protocolVersion"));
            JsonObject resources = initialized.getJsonObject("capabilities").getJsonObject("resources");
            assertEquals(JsonObject.TRUE, resources.get("subscribe"));
            assertEquals(JsonObject.TRUE, resources.get("listChanged"));
            peer.notify("initialized", null);
            scenarios.subscriptionCarriesTheNewVersion(peer, "w4.txt");
        }
    }

    @Test
    void listsEverythingInPages() throws Exception {
        inASession(scenarios::listsEverythingInPages);
    }

    @Test
    void filtersByKindAndMetadata() throws Exception {
        inASession(scenarios::filtersByKindAndMetadata);
    }

    @Test
    void refusesAnUnknownFilterMember() throws Exception {
        inASession(scenarios::refusesAnUnknownFilterMember);
    }

    @Test
    void getAndReadAnswerAlike() throws Exception {
        inASession(scenarios::getAndReadAnswerAlike);
    }

    @Test
    void currentVersionIsNotModifiedAndStaleOneGetsContent() throws Exception {
        inASession(scenarios::currentVersionIsNotModifiedAndStaleOneGetsContent);
    }

    @Test
    void readsABinaryResourceAsBase64() throws Exception {
        inASession(scenarios::readsABinaryResourceAsBase64);
    }

    @Test
    void unknownUriIsNotFoundWithItsUri() throws Exception {
        inASession(scenarios::unknownUriIsNotFoundWithItsUri);
    }

    @Test
    void collectionReadSaysHowToList() throws Exception {
        inASession(scenarios::collectionReadSaysHowToList);
    }

    @Test
    void subscriptionCarriesTheNewVersion() throws Exception {
        inASession(peer -> scenarios.subscriptionCarriesTheNewVersion(peer, "w1.txt"));
    }

    @Test
    void unsubscribedResourceIsNotAnnounced() throws Exception {
        inASession(peer -> scenarios.unsubscribedResourceIsNotAnnounced(peer, "w2.txt", "w3.txt"));
    }

    @Test
    void getterIsToldContentChanged() throws Exception {
        inASession(peer -> scenarios.getterIsToldContentChanged(peer, "w5.txt"));
    }

    @Test
    void sessionThatReadNothingIsToldWithBothNames() throws Exception {
        inASession(peer -> scenarios.sessionThatReadNothingIsToldWithBothNames(peer, "w6.txt"));
    }

    @Test
    void subscribingPastTheLimitIsRefusedWhole() throws Exception {
        inASession(scenarios::subscribingPastTheLimitIsRefusedWhole);
    }

    @Test
    void aListChangeIsAnnounced() throws Exception {
        try (GomcpPeer peer = peer()) {
            Path added = root.resolve("d-sub").resolve("added.txt");
            java.nio.file.Files.writeString(added, "new");
            assertEquals(JsonObject.EMPTY_JSON_OBJECT, peer.nextNotification("notifications/resources/list_changed")
                    .getOrDefault("params", JsonObject.EMPTY_JSON_OBJECT));
            java.nio.file.Files.delete(added); // the other tests expect the fixture as it was
            peer.nextNotification("notifications/resources/list_changed");
        }
    }

    @Test
    void aStatelessRequestIsRefusedInTheDialect() throws Exception {
        try (GomcpPeer peer = GomcpPeer.on(new SseWire(address))) {
            JsonObject error = peer.error("server/discover", "{\"_meta\":{"
                    + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}");
            assertEquals(-32600, error.getInt("code"));
            assertTrue(error.getString("message").contains("before initialize"), error.toString());
        }
    }
}
