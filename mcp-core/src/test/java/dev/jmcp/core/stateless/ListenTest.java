package dev.jmcp.core.stateless;

import static dev.jmcp.core.stateless.Requests.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.ServerSettings;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code subscriptions/listen} (2026-07-28) on one connection: acknowledgement, tagged events, the end. */
class ListenTest {
    private final InMemoryResourceProvider notes = InMemoryResourceProvider.create("notes")
            .addCollection(Resource.of("mem://all", "all"))
            .addText("mem://all", Resource.builder("mem://all/a", "a").mimeType("text/plain").build(), "alpha");
    private McpServer server;
    private RawPeer peer;

    private void start(int maxOpenListens) {
        start(ServerSettings.builder().maxOpenListens(maxOpenListens).build());
    }

    private void start(ServerSettings settings) {
        server = McpServer.builder().serverInfo("test-server", "1").resourceProvider(notes).feature(new TestTools())
                .settings(settings).build();
        peer = new RawPeer();
        server.serve(peer);
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theAcknowledgementComesFirstAndEveryEventCarriesTheSubscriptionId() throws Exception {
        start(4);
        peer.send(request(1700000000123L, "subscriptions/listen", "\"notifications\":{\"resourceSubscriptions\":"
                + "[\"mem://all\"],\"resourcesListChanged\":true,\"promptsListChanged\":true,\"toolsListChanged\":true}"));
        JsonObject ack = peer.next();
        assertEquals("notifications/subscriptions/acknowledged", ack.getString("method"));
        assertEquals(1700000000123L, subscriptionId(ack));
        JsonObject honoured = ack.getJsonObject("params").getJsonObject("notifications");
        assertTrue(honoured.getBoolean("resourcesListChanged"));
        assertTrue(honoured.getBoolean("toolsListChanged"));
        assertFalse(honoured.containsKey("promptsListChanged"), "the server declares no prompts: not acknowledged");
        assertEquals("mem://all", honoured.getJsonArray("resourceSubscriptions").getString(0));

        notes.update("mem://all/a", "alpha 2");
        JsonObject updated = peer.next();
        assertEquals("notifications/resources/updated", updated.getString("method"));
        assertEquals("mem://all/a", updated.getJsonObject("params").getString("uri"), "a child of the watched collection");
        assertEquals(1700000000123L, subscriptionId(updated));

        server.toolsListChanged();
        JsonObject tools = peer.next();
        assertEquals("notifications/tools/list_changed", tools.getString("method"));
        assertEquals(1700000000123L, subscriptionId(tools));
        server.promptsListChanged();
        assertNull(peer.poll(100), "prompts were not acknowledged, so not sent");

        server.close();
        JsonObject end = peer.next();
        assertEquals(1700000000123L, end.getJsonNumber("id").longValue());
        assertEquals("complete", end.getJsonObject("result").getString("resultType"));
        assertEquals(1700000000123L, end.getJsonObject("result").getJsonObject("_meta")
                .getJsonNumber("io.modelcontextprotocol/subscriptionId").longValue());
    }

    @Test
    void aCancelledListenGetsNothingMoreAndGivesBackItsPlace() throws Exception {
        start(1);
        peer.send(request("\"s1\"", "subscriptions/listen", "\"notifications\":{\"resourcesListChanged\":true}"));
        assertEquals("s1", peer.next().getJsonObject("params").getJsonObject("_meta")
                .getString("io.modelcontextprotocol/subscriptionId"));
        JsonObject refused = peer.call(request(2, "subscriptions/listen", "\"notifications\":{}"));
        assertEquals(-32603, refused.getJsonObject("error").getInt("code"));
        assertTrue(refused.getJsonObject("error").getString("message").contains("maxOpenListens=1"));

        peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"s1\"}}");
        // the barrier: with maxOpenListens=1 a new listen is acknowledged only once s1 has ended, and
        // nothing (an answer to s1 included) may come before its acknowledgement
        peer.send(request(3, "subscriptions/listen", "\"notifications\":{\"resourcesListChanged\":true}"));
        JsonObject acknowledged = peer.next();
        assertEquals("notifications/subscriptions/acknowledged", acknowledged.getString("method"), "its place was given back");
        assertEquals(3, subscriptionId(acknowledged));
        notes.addText(Resource.builder("mem://b", "b").build(), "beta");
        JsonObject changed = peer.next();
        assertEquals("notifications/resources/list_changed", changed.getString("method"));
        assertEquals(3, subscriptionId(changed), "the change went to the new listen");
        assertNull(peer.poll(100), "no event after the cancellation, and no answer to the cancelled request");
    }

    /**
     * Issue 24, case 4: listens were bounded only in count, and 21 of 100,000 URIs each filled a
     * 256 MiB heap. The URIs of one listen and of all are bounded too, and given back when one ends.
     */
    @Test
    void theUrisOfOneListenAndOfAllAreBoundedByNamedSettings() throws Exception {
        start(ServerSettings.builder().maxUrisPerListen(3).maxListenUris(5).build());
        JsonObject tooMany = peer.call(request(1, "subscriptions/listen", listenTo(4)));
        assertEquals(-32602, tooMany.getJsonObject("error").getInt("code"), tooMany::toString);
        assertTrue(tooMany.getJsonObject("error").getString("message").contains("maxUrisPerListen=3"), tooMany::toString);
        assertEquals("maxUrisPerListen", tooMany.getJsonObject("error").getJsonObject("data").getString("setting"));

        peer.send(request("\"a\"", "subscriptions/listen", listenTo(3)));
        assertEquals("notifications/subscriptions/acknowledged", peer.next().getString("method"));
        JsonObject overTotal = peer.call(request(2, "subscriptions/listen", listenTo(3)));
        assertEquals(-32603, overTotal.getJsonObject("error").getInt("code"), overTotal::toString);
        assertTrue(overTotal.getJsonObject("error").getString("message").contains("maxListenUris=5"), overTotal::toString);
        assertEquals("maxListenUris", overTotal.getJsonObject("error").getJsonObject("data").getString("setting"));

        peer.send(request("\"b\"", "subscriptions/listen", listenTo(2)));
        assertEquals("notifications/subscriptions/acknowledged", peer.next().getString("method"), "2 more fit the 5");
        peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"a\"}}");
        // the barrier: a's three URIs are given back only once it has ended
        peer.send(request("\"c\"", "subscriptions/listen", listenTo(3)));
        JsonObject acknowledged = peer.next();
        assertEquals("notifications/subscriptions/acknowledged", acknowledged.getString("method"), acknowledged::toString);
    }

    /** @return the params of a listen to {@code n} distinct URIs */
    private static String listenTo(int n) {
        StringBuilder uris = new StringBuilder();
        for (int i = 0; i < n; i++) {
            uris.append(i == 0 ? "" : ",").append("\"mem://all/").append(i).append('"');
        }
        return "\"notifications\":{\"resourceSubscriptions\":[" + uris + "]}";
    }

    @Test
    void aSessionOfTheHandshakeRevisionsCannotListen() throws Exception {
        start(4);
        peer.call("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"old\",\"version\":\"1\"}}}");
        JsonObject refused = peer.call("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"subscriptions/listen\",\"params\":"
                + "{\"notifications\":{}}}");
        assertEquals(-32601, refused.getJsonObject("error").getInt("code"));
    }

    private static long subscriptionId(JsonObject notification) {
        return notification.getJsonObject("params").getJsonObject("_meta")
                .getJsonNumber("io.modelcontextprotocol/subscriptionId").longValue();
    }
}
