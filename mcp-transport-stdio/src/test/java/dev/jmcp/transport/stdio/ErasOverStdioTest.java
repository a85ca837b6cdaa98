package dev.jmcp.transport.stdio;

import static dev.jmcp.transport.stdio.Requests.initialize;
import static dev.jmcp.transport.stdio.Requests.notification;
import static dev.jmcp.transport.stdio.Requests.session;
import static dev.jmcp.transport.stdio.Requests.stateless;
import static dev.jmcp.transport.stdio.Requests.withMeta;
import static dev.jmcp.transport.stdio.StatelessOverStdioTest.uri;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stateless era (2026-07-28) and the initialize handshake era on one stdio connection to a real
 * server process: each request is answered in the era it belongs to, and the probe a client of
 * both eras sends first leaves the handshake open.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ErasOverStdioTest {
    @TempDir
    Path dir;
    private Path root;
    private LinePeer peer;

    private void start() throws Exception {
        root = dir.toRealPath();
        Files.writeString(root.resolve("a.txt"), "alpha");
        peer = LinePeer.start(ChildProcesses.java(StatelessServerMain.class, root.toString()));
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (peer != null) {
            peer.close();
        }
    }

    @Test
    void requestsOfBothErasInterleaveOnOneConnectionEachAnsweredInItsOwn() throws Exception {
        start();
        String file = uri(root.resolve("a.txt"));
        assertStateless(peer.call(stateless(1, "server/discover", "")), true);
        assertStateless(peer.call(stateless(2, "resources/list", "")), true);

        JsonObject initialized = result(peer.call(initialize(3, "2025-11-25")));
        assertEquals("2025-11-25", initialized.getString("protocolVersion"));
        assertEquals("stateless-server", initialized.getJsonObject("serverInfo").getString("name"));
        assertFalse(initialized.containsKey("resultType"), initialized::toString);
        peer.send(notification("notifications/initialized", null));

        JsonObject list = assertSession(peer.call(session(4, "resources/list", null)));
        assertEquals(file, list.getJsonArray("resources").getJsonObject(0).getString("uri"));
        JsonObject read = assertSession(peer.call(session(5, "resources/read", "{\"uri\":\"" + file + "\"}")));
        assertEquals("alpha", read.getJsonArray("contents").getJsonObject(0).getString("text"));

        JsonObject statelessRead = assertStateless(peer.call(stateless(6, "resources/read",
                "\"uri\":\"" + file + "\"")), true);
        assertEquals("alpha", statelessRead.getJsonArray("contents").getJsonObject(0).getString("text"));
        JsonObject ask = assertStateless(peer.call(stateless(7, "tools/call", "\"name\":\"ask\",\"arguments\":{}")), false);
        assertEquals("input_required", ask.getString("resultType"), "still stateless after the handshake");

        assertEquals(0, assertSession(peer.call(session(8, "ping", null))).size(), "ping is the session's");
        JsonObject statelessPing = peer.call(stateless(9, "ping", ""));
        assertEquals(-32601, statelessPing.getJsonObject("error").getInt("code"), "2026-07-28 has no ping: "
                + statelessPing);
        assertSession(peer.call(session(10, "resources/list", null)));
    }

    /** Issue 24, case 6: after the handshake it was -32602 "missing protocolVersion", where a fresh stream says -32601. */
    @Test
    void aStatelessInitializeIsNotFoundBeforeAndAfterTheStreamsHandshake() throws Exception {
        start();
        JsonObject fresh = peer.call(stateless(1, "initialize", ""));
        assertEquals(-32601, fresh.getJsonObject("error").getInt("code"), fresh::toString);

        result(peer.call(initialize(2, "2025-11-25")));
        peer.send(notification("notifications/initialized", null));
        JsonObject after = peer.call(stateless(3, "initialize", ""));
        assertEquals(fresh.getJsonObject("error").getInt("code"), after.getJsonObject("error").getInt("code"),
                "as on a fresh stream: " + after);
        assertTrue(after.getJsonObject("error").getString("message").startsWith("method not found: initialize"),
                after::toString);
        assertSession(peer.call(session(4, "resources/list", null)));
    }

    @Test
    void aDualEraClientsDiscoverProbeIsAnsweredAndTheSameProcessThenAcceptsInitialize() throws Exception {
        start();
        JsonObject discovered = assertStateless(peer.call(stateless(1, "server/discover", "")), true);
        List<String> versions = discovered.getJsonArray("supportedVersions").getValuesAs(JsonString::getString);
        assertTrue(versions.contains("2025-06-18"), versions::toString);

        JsonObject initialized = result(peer.call(initialize(2, "2025-06-18")));
        assertEquals("2025-06-18", initialized.getString("protocolVersion"), "the probe did not fix the era");
        assertTrue(initialized.getJsonObject("capabilities").containsKey("resources"), initialized::toString);
        peer.send(notification("notifications/initialized", null));
        JsonObject list = assertSession(peer.call(session(3, "resources/list", null)));
        assertEquals(1, list.getJsonArray("resources").size(), list::toString);
    }

    @Test
    void aProbeForAnUnknownRevisionGetsTheSupportedOnesAndARetryWithOneOfThemIsAnswered() throws Exception {
        start();
        String future = "{\"io.modelcontextprotocol/protocolVersion\":\"2099-01-01\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
        JsonObject refused = peer.call(withMeta(1, "server/discover", future, ""));
        JsonObject error = refused.getJsonObject("error");
        assertEquals(-32022, error.getInt("code"), refused::toString);
        String chosen = error.getJsonObject("data").getJsonArray("supported").getString(0);
        assertEquals(Requests.VERSION, chosen, "the newest first");

        String meta = future.replace("2099-01-01", chosen);
        assertStateless(peer.call(withMeta(2, "server/discover", meta, "")), true);
    }

    private static JsonObject result(JsonObject response) {
        if (!response.containsKey("result")) {
            throw new AssertionError("expected a result: " + response);
        }
        return response.getJsonObject("result");
    }

    /** Asserts the fields 2026-07-28 adds to a result, and caching hints when {@code cacheable}. */
    private static JsonObject assertStateless(JsonObject response, boolean cacheable) {
        JsonObject result = result(response);
        assertTrue(result.containsKey("resultType"), result::toString);
        assertEquals(cacheable, result.containsKey("ttlMs") && result.containsKey("cacheScope"), result::toString);
        assertEquals("stateless-server", result.getJsonObject("_meta")
                .getJsonObject("io.modelcontextprotocol/serverInfo").getString("name"));
        return result;
    }

    /** Asserts that a result has none of the fields 2026-07-28 adds. */
    private static JsonObject assertSession(JsonObject response) {
        JsonObject result = result(response);
        for (String member : List.of("resultType", "ttlMs", "cacheScope")) {
            assertFalse(result.containsKey(member), member + " in a result of the session: " + result);
        }
        JsonObject meta = result.getJsonObject("_meta");
        assertFalse(meta != null && meta.containsKey("io.modelcontextprotocol/serverInfo"), result::toString);
        return result;
    }
}
