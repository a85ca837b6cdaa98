package dev.jmcp.core.stateless;

import static dev.jmcp.core.stateless.Requests.request;
import static dev.jmcp.core.stateless.Requests.withMeta;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.ServerSettings;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server's stateless era (2026-07-28) on one connection, as a client sees it on the wire. */
class StatelessEraTest {
    private final InMemoryResourceProvider notes = InMemoryResourceProvider.create("notes")
            .addText(Resource.builder("mem://a", "a").mimeType("text/plain").build(), "alpha");
    private final TestTools tools = new TestTools();
    private McpServer server;
    private RawPeer peer;

    private void start(ServerSettings settings) {
        server = McpServer.builder().serverInfo("test-server", "1.2").instructions("be kind").resourceProvider(notes)
                .feature(tools).settings(settings).build();
        peer = new RawPeer();
        server.serve(peer);
    }

    private void start() {
        start(ServerSettings.defaults());
    }

    @AfterEach
    void close() {
        tools.release.countDown();
        if (server != null) {
            server.close();
        }
    }

    @Test
    void discoverListsEveryRevisionTheCapabilitiesAndWhoTheServerIs() throws Exception {
        start();
        JsonObject result = peer.call(request(1, "server/discover", "")).getJsonObject("result");
        assertEquals(List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"),
                result.getJsonArray("supportedVersions").getValuesAs(jakarta.json.JsonString::getString));
        assertTrue(result.getJsonObject("capabilities").containsKey("resources"));
        assertTrue(result.getJsonObject("capabilities").getJsonObject("tools").getBoolean("listChanged"));
        assertEquals("be kind", result.getString("instructions"));
        assertEquals("complete", result.getString("resultType"));
        assertEquals(0, result.getJsonNumber("ttlMs").longValueExact());
        assertEquals("private", result.getString("cacheScope"));
        JsonObject serverInfo = result.getJsonObject("_meta").getJsonObject("io.modelcontextprotocol/serverInfo");
        assertEquals("test-server", serverInfo.getString("name"));
        assertEquals("1.2", serverInfo.getString("version"));
    }

    @Test
    void aProgressTokenOfTheWrongTypeIsInvalidParamsNamingIt() throws Exception {
        start();
        String meta = Requests.META.substring("\"_meta\":".length(), Requests.META.length() - 1);
        // server/discover too, which the engine answers itself: it answered as if the token were not there
        for (String method : List.of("resources/list", "server/discover")) {
            for (String token : List.of("{}", "2.5", "false")) {
                JsonObject refused = peer.call(withMeta(3, method, meta + ",\"progressToken\":" + token + "}"));
                assertEquals(3, refused.getInt("id"));
                assertTrue(refused.containsKey("error"), () -> method + " " + token + ": " + refused);
                assertEquals(-32602, refused.getJsonObject("error").getInt("code"), method + " " + token);
                assertTrue(refused.getJsonObject("error").getString("message").contains("params._meta.progressToken"),
                        refused.toString());
            }
        }
        JsonObject accepted = peer.call(withMeta(4, "resources/list", meta + ",\"progressToken\":\"p\"}"));
        assertTrue(accepted.containsKey("result"), accepted.toString());
    }

    @Test
    void aMalformedMetaIsInvalidParamsNamingTheMember() throws Exception {
        start();
        JsonObject noCapabilities = peer.call(withMeta(7, "server/discover",
                "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}"));
        assertEquals(7, noCapabilities.getInt("id"));
        assertEquals(-32602, noCapabilities.getJsonObject("error").getInt("code"));
        assertTrue(noCapabilities.getJsonObject("error").getString("message")
                .contains("io.modelcontextprotocol/clientCapabilities"));

        JsonObject noVersion = peer.call(withMeta("\"x\"", "server/discover",
                "{\"io.modelcontextprotocol/clientCapabilities\":{}}"));
        assertEquals("x", noVersion.getString("id"));
        assertTrue(noVersion.getJsonObject("error").getString("message").contains("io.modelcontextprotocol/protocolVersion"));

        JsonObject badLevel = peer.call(withMeta(8, "server/discover", "{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/logLevel\":\"loud\"}"));
        assertEquals(-32602, badLevel.getJsonObject("error").getInt("code"));
        assertTrue(badLevel.getJsonObject("error").getString("message").contains("logLevel"));

        JsonObject badInfo = peer.call(withMeta(9, "server/discover", "{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/clientInfo\":{\"name\":1}}"));
        assertTrue(badInfo.getJsonObject("error").getString("message").contains("clientInfo"));
    }

    @Test
    void anUnsupportedRevisionIsRefusedWithTheSupportedOnes() throws Exception {
        start();
        JsonObject error = peer.call(withMeta(3, "server/discover", "{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"v999.0.0\",\"io.modelcontextprotocol/clientCapabilities\":{}}")).getJsonObject("error");
        assertEquals(-32022, error.getInt("code"));
        assertEquals("v999.0.0", error.getJsonObject("data").getString("requested"));
        assertEquals("2026-07-28", error.getJsonObject("data").getJsonArray("supported").getString(0));

        JsonObject legacy = peer.call(withMeta(4, "resources/list", "{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2025-11-25\",\"io.modelcontextprotocol/clientCapabilities\":{}}")).getJsonObject("error");
        assertEquals(-32022, legacy.getInt("code"));
        assertTrue(legacy.getString("message").contains("initialize"));
    }

    @Test
    void theMethodsThisRevisionRemovedAreNotFound() throws Exception {
        start();
        for (String method : List.of("initialize", "ping", "logging/setLevel", "resources/subscribe",
                "resources/unsubscribe", "no/such/method")) {
            JsonObject error = peer.call(request(5, method, "")).getJsonObject("error");
            assertEquals(-32601, error.getInt("code"), method);
        }
    }

    @Test
    void resultsCarryResultTypeServerInfoAndTheProvidersCachingHints() throws Exception {
        notes.cacheHint(CacheHint.publicFor(60_000));
        start();
        JsonObject list = peer.call(request(1, "resources/list", "")).getJsonObject("result");
        assertEquals("complete", list.getString("resultType"));
        assertEquals(60_000, list.getJsonNumber("ttlMs").longValueExact());
        assertEquals("public", list.getString("cacheScope"));
        assertEquals("test-server", list.getJsonObject("_meta").getJsonObject("io.modelcontextprotocol/serverInfo")
                .getString("name"));

        JsonObject read = peer.call(request(2, "resources/read", "\"uri\":\"mem://a\"")).getJsonObject("result");
        assertEquals("alpha", read.getJsonArray("contents").getJsonObject(0).getString("text"));
        assertEquals(60_000, read.getJsonNumber("ttlMs").longValueExact());

        JsonObject tools = peer.call(request(3, "tools/list", "")).getJsonObject("result");
        assertEquals(0, tools.getJsonNumber("ttlMs").longValueExact(), "the server's default for a feature's list");
        assertEquals("private", tools.getString("cacheScope"));

        JsonObject call = peer.call(request(4, "tools/call", "\"name\":\"era\"")).getJsonObject("result");
        assertEquals("complete", call.getString("resultType"));
        assertFalse(call.containsKey("ttlMs"), "tools/call is not cacheable");
    }

    @Test
    void aMissingResourceIsInvalidParamsWithItsUri() throws Exception {
        start();
        JsonObject error = peer.call(request(1, "resources/read", "\"uri\":\"mem://nope\"")).getJsonObject("error");
        assertEquals(-32602, error.getInt("code"));
        assertEquals("mem://nope", error.getJsonObject("data").getString("uri"));
    }

    @Test
    void bothErasShareOneConnectionEachGettingItsOwnAnswers() throws Exception {
        start();
        JsonObject stateless = peer.call(request(1, "tools/call", "\"name\":\"era\""));
        assertEquals("true 2026-07-28 t false", text(stateless));
        JsonObject before = peer.call("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/list\"}");
        assertEquals(-32600, before.getJsonObject("error").getInt("code"), "a request without _meta needs initialize");
        peer.call("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{\"sampling\":{}},\"clientInfo\":{\"name\":\"old\",\"version\":\"1\"}}}");
        peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        JsonObject legacy = peer.call("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"era\"}}");
        assertEquals("false 2025-06-18 old true", text(legacy));
        assertFalse(legacy.getJsonObject("result").containsKey("resultType"), "the handshake era's results are as before");
        JsonObject again = peer.call(request(5, "resources/read", "\"uri\":\"mem://a\""));
        assertEquals("complete", again.getJsonObject("result").getString("resultType"));
        JsonObject legacyRead = peer.call("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"resources/read\",\"params\":{\"uri\":\"mem://a\"}}");
        assertFalse(legacyRead.getJsonObject("result").containsKey("ttlMs"));
    }

    @Test
    void aSealedRequestStateComesBackOnTheRetryAndAChangedOneIsRefused() throws Exception {
        start();
        JsonObject first = peer.call(request(1, "tools/call", "\"name\":\"ask\"")).getJsonObject("result");
        assertEquals("input_required", first.getString("resultType"));
        assertFalse(first.containsKey("ttlMs"), "an interim result carries no caching hints");
        assertEquals("elicitation/create", first.getJsonObject("inputRequests").getJsonObject("who").getString("method"));
        String state = first.getString("requestState");

        JsonObject retry = peer.call(request(2, "tools/call", "\"name\":\"ask\",\"requestState\":\"" + state
                + "\",\"inputResponses\":{\"who\":{\"action\":\"accept\",\"content\":{\"name\":\"ada\"}}}"));
        assertEquals("round-1:ada", text(retry));

        String changed = state.substring(0, state.length() - 2) + (state.endsWith("A") ? "BA" : "AA");
        JsonObject tampered = peer.call(request(3, "tools/call", "\"name\":\"ask\",\"requestState\":\"" + changed + "\""));
        assertEquals(-32602, tampered.getJsonObject("error").getInt("code"));
        assertTrue(tampered.getJsonObject("error").getString("message").contains("params.requestState"));

        JsonObject appended = peer.call(request(4, "tools/call", "\"name\":\"ask\",\"requestState\":\"" + state + "-TAMPERED\""));
        assertEquals(-32602, appended.getJsonObject("error").getInt("code"));

        JsonObject otherTool = peer.call(request(5, "tools/call", "\"name\":\"era\",\"requestState\":\"" + state + "\""));
        assertEquals("complete", otherTool.getJsonObject("result").getString("resultType"),
                "a tool that does not read the state is not refused");
    }

    @Test
    void onlyToolsPromptsAndReadsMayAskForInput() throws Exception {
        start();
        JsonObject error = peer.call(request(1, "test/ask", "")).getJsonObject("error");
        assertEquals(-32603, error.getInt("code"));
    }

    @Test
    void logMessagesGoOnlyToRequestsThatAskedAtOrBelowTheirLevel() throws Exception {
        start();
        peer.call(request(1, "tools/call", "\"name\":\"log\""));
        assertNull(peer.poll(100), "no log message without io.modelcontextprotocol/logLevel");

        String meta = "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/"
                + "clientCapabilities\":{},\"io.modelcontextprotocol/logLevel\":\"info\"}";
        peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"log\",\"_meta\":" + meta + "}}");
        JsonObject log = peer.next();
        assertEquals("notifications/message", log.getString("method"));
        assertEquals("warning", log.getJsonObject("params").getString("level"));
        assertEquals(2, peer.next().getInt("id"), "the debug line was filtered out; the answer follows");
    }

    @Test
    void aLogMessageSentPastTheRequestContextIsDroppedWhereNoSessionAskedForOne() throws Exception {
        start();
        assertEquals("sent", text(peer.call(request(1, "tools/call", "\"name\":\"rawlog\""))));
        assertNull(peer.poll(100), "no notifications/message: neither a session nor the request asked for one");
    }

    @Test
    void theServerWideBudgetRefusesARequestBeyondItNamingTheSetting() throws Exception {
        start(ServerSettings.builder().maxRequestsInFlight(1).build());
        peer.send(request(1, "tools/call", "\"name\":\"block\""));
        tools.blocked.get(10, java.util.concurrent.TimeUnit.SECONDS);
        JsonObject refused = peer.call(request(2, "resources/list", ""));
        assertEquals(-32603, refused.getJsonObject("error").getInt("code"));
        assertTrue(refused.getJsonObject("error").getString("message").contains("maxRequestsInFlight=1"));
        tools.release.countDown();
        assertEquals("released", text(peer.next()));
        assertEquals("complete", peer.call(request(3, "resources/list", "")).getJsonObject("result").getString("resultType"),
                "the place is given back");
    }

    static String text(JsonObject response) {
        return response.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text");
    }
}
