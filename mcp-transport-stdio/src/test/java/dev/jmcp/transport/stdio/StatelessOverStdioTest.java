package dev.jmcp.transport.stdio;

import static dev.jmcp.transport.stdio.Requests.stateless;
import static dev.jmcp.transport.stdio.Requests.withMeta;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stateless requests (2026-07-28) to a real server process over stdio, as raw lines: discovery, a
 * folder's files listed and read, the errors of a bad {@code _meta}, and a multi round-trip tool.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StatelessOverStdioTest {
    @TempDir
    Path dir;
    private LinePeer peer;

    private Path start() throws Exception {
        Path root = dir.toRealPath(); // the provider names files by their real path
        peer = LinePeer.start(ChildProcesses.java(StatelessServerMain.class, root.toString()));
        return root;
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (peer != null) {
            peer.close();
        }
    }

    static String uri(Path path) {
        return path.toUri().toString().replaceFirst("/$", "");
    }

    @Test
    void discoverNamesTheRevisionsTheCapabilitiesAndTheServerWithCachingHints() throws Exception {
        start();
        JsonObject response = peer.call(stateless(1, "server/discover", ""));
        JsonObject result = response.getJsonObject("result");
        List<String> versions = result.getJsonArray("supportedVersions").getValuesAs(JsonString::getString);
        assertEquals("2026-07-28", versions.get(0), versions::toString);
        assertTrue(versions.contains("2025-11-25"), "the handshake revisions are listed too: " + versions);
        JsonObject resources = result.getJsonObject("capabilities").getJsonObject("resources");
        assertTrue(resources.getBoolean("subscribe"), "the folder is watched: " + result);
        assertTrue(resources.getBoolean("listChanged"), result::toString);
        assertTrue(result.getJsonObject("capabilities").containsKey("tools"), result::toString);
        JsonObject serverInfo = result.getJsonObject("_meta").getJsonObject("io.modelcontextprotocol/serverInfo");
        assertEquals("stateless-server", serverInfo.getString("name"));
        assertEquals("1.0", serverInfo.getString("version"));
        assertEquals("complete", result.getString("resultType"));
        assertEquals(0, result.getJsonNumber("ttlMs").longValueExact());
        assertEquals("private", result.getString("cacheScope"));
    }

    @Test
    void theFolderIsListedAndAFileIsReadWithTheStatelessResultFields() throws Exception {
        Path root = dir.toRealPath();
        Files.writeString(root.resolve("notes.txt"), "héllo ✓\n", StandardCharsets.UTF_8);
        Files.createDirectories(root.resolve("sub"));
        start();

        JsonObject list = peer.call(stateless(2, "resources/list", "")).getJsonObject("result");
        assertEquals("complete", list.getString("resultType"));
        assertTrue(list.containsKey("ttlMs") && list.containsKey("cacheScope"), list::toString);
        List<JsonObject> listed = list.getJsonArray("resources").getValuesAs(JsonObject.class);
        assertEquals(List.of(uri(root.resolve("notes.txt")), uri(root.resolve("sub"))),
                listed.stream().map(resource -> resource.getString("uri")).toList());
        assertFalse(listed.get(0).getBoolean("isCollection"));
        assertTrue(listed.get(1).getBoolean("isCollection"));

        String file = uri(root.resolve("notes.txt"));
        JsonObject read = peer.call(stateless("\"r\"", "resources/read", "\"uri\":\"" + file + "\""))
                .getJsonObject("result");
        JsonObject contents = read.getJsonArray("contents").getJsonObject(0);
        assertEquals(file, contents.getString("uri"));
        assertEquals("héllo ✓\n", contents.getString("text"));
        assertEquals("text/plain", contents.getString("mimeType"));
        assertEquals("complete", read.getString("resultType"));
        assertTrue(read.containsKey("ttlMs") && read.containsKey("cacheScope"), read::toString);
        assertEquals("stateless-server", read.getJsonObject("_meta")
                .getJsonObject("io.modelcontextprotocol/serverInfo").getString("name"));
    }

    @Test
    void anUnknownRevisionIsRefusedWithTheSupportedOnesAndTheRequestedOne() throws Exception {
        start();
        JsonObject response = peer.call(withMeta(3, "resources/list", "{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"v999\",\"io.modelcontextprotocol/clientCapabilities\":{}}", ""));
        assertEquals(3, response.getInt("id"));
        JsonObject error = response.getJsonObject("error");
        assertEquals(-32022, error.getInt("code"), error::toString);
        assertEquals("v999", error.getJsonObject("data").getString("requested"));
        List<String> supported = error.getJsonObject("data").getJsonArray("supported").getValuesAs(JsonString::getString);
        assertTrue(supported.contains("2026-07-28"), supported::toString);
    }

    @Test
    void aRequestWithoutClientCapabilitiesIsInvalidParamsNamingThem() throws Exception {
        start();
        JsonObject response = peer.call(withMeta("\"c\"", "server/discover",
                "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}", ""));
        assertEquals("c", response.getString("id"));
        JsonObject error = response.getJsonObject("error");
        assertEquals(-32602, error.getInt("code"), error::toString);
        assertTrue(error.getString("message").contains("io.modelcontextprotocol/clientCapabilities"), error::toString);
    }

    @Test
    void aRetryWithTheExactRequestStateIsAnsweredAndOneWithAChangedStateIsInvalidParams() throws Exception {
        start();
        JsonObject first = peer.call(stateless(1, "tools/call", "\"name\":\"ask\",\"arguments\":{}"))
                .getJsonObject("result");
        assertEquals("input_required", first.getString("resultType"), first::toString);
        assertFalse(first.containsKey("ttlMs"), "an interim result carries no caching hints");
        assertEquals("elicitation/create", first.getJsonObject("inputRequests").getJsonObject("name")
                .getString("method"), "asked inside the result: the server sends no request on stdio");
        String state = first.getString("requestState");
        String answer = "\"inputResponses\":{\"name\":{\"action\":\"accept\",\"content\":{\"name\":\"ada\"}}}";

        JsonObject retry = peer.call(stateless(2, "tools/call", "\"name\":\"ask\",\"arguments\":{},"
                + "\"requestState\":\"" + state + "\"," + answer)).getJsonObject("result");
        assertEquals("complete", retry.getString("resultType"));
        assertEquals(AskTool.STATE + ": hello ada", retry.getJsonArray("content").getJsonObject(0).getString("text"));

        // the client can read the state: what it would change is the payload, keeping its shape
        String changed = rewrite(state, AskTool.STATE, AskTool.STATE.toUpperCase(Locale.ROOT));
        JsonObject refused = peer.call(stateless(3, "tools/call", "\"name\":\"ask\",\"arguments\":{},"
                + "\"requestState\":\"" + changed + "\"," + answer));
        JsonObject error = refused.getJsonObject("error");
        assertEquals(-32602, error.getInt("code"), refused::toString);
        assertTrue(error.getString("message").contains("requestState"), error::toString);
    }

    /** @return {@code state} with {@code from} replaced by {@code to} (of the same length) inside its base64 */
    private static String rewrite(String state, String from, String to) {
        byte[] bytes = Base64.getUrlDecoder().decode(state);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertTrue(text.contains(from), "the payload is readable in the state");
        byte[] changed = text.replace(from, to).getBytes(StandardCharsets.ISO_8859_1);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(changed);
    }
}
