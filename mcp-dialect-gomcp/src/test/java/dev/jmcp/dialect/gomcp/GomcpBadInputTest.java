package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import dev.jmcp.dialect.gomcp.testing.SseWire;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed gomcp requests get a JSON-RPC error whose code fits and whose message names what was wrong,
 * no byte from outside the served folder, and the session goes on: over gomcp's HTTP, one session for
 * the whole table, each bad request followed by a good one.
 */
class GomcpBadInputTest {
    @TempDir
    static Path parent;
    private static Path root;
    private static McpServer server;
    private static GomcpPeer peer;

    @BeforeAll
    static void serve() throws Exception {
        root = Files.createDirectories(parent.resolve("served"));
        Fixture.write(root);
        Files.writeString(parent.resolve("secret.txt"), "outside the root");
        server = Fixture.server(root);
        URI address = server.serve(URI.create("http://127.0.0.1:0/mcp")).address().resolve("/sse");
        peer = GomcpPeer.initialized(new SseWire(address));
    }

    @AfterAll
    static void close() {
        if (peer != null) {
            peer.close();
        }
        if (server != null) {
            server.close();
        }
    }

    static Stream<Arguments> badRequests() {
        return Stream.of(
                Arguments.of("resources/list", "{\"filter\":\"kind=file\"}", -32602, "filter"),
                Arguments.of("resources/list", "{\"filter\":{\"kind\":5}}", -32602, "params.filter.kind"),
                Arguments.of("resources/list", "{\"filter\":{\"metadata\":[]}}", -32602, "params.filter.metadata"),
                Arguments.of("resources/list", "{\"cursor\":5}", -32602, "cursor"),
                Arguments.of("resources/list", "{\"cursor\":\"not-a-cursor\"}", -32602, "cursor"),
                Arguments.of("resources/get", "{}", -32602, "uri"),
                Arguments.of("resources/get", "{\"uri\":7}", -32602, "uri"),
                Arguments.of("resources/read", "{\"uri\":\"ROOT/a-hello.txt\",\"version\":3}", -32602, "version"),
                Arguments.of("resources/get", "{\"uri\":\"ROOT/../secret.txt\"}", -32602, "'..'"),
                Arguments.of("resources/get", "{\"uri\":\"ROOT/%2e%2e/secret.txt\"}", null, null),
                Arguments.of("resources/subscribe", "{\"uris\":\"ROOT/a-hello.txt\"}", -32602, "uris"),
                Arguments.of("resources/subscribe", "{\"uris\":[1]}", -32602, "uris"),
                Arguments.of("resources/subscribe", "{}", -32602, "uris"),
                Arguments.of("resources/unsubscribe", "{\"uris\":{}}", -32602, "uris"),
                Arguments.of("resources/get", "[1,2]", -32602, null));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("badRequests")
    void aBadRequestGetsAClearErrorAndTheSessionGoesOn(String method, String params, Integer code, String named)
            throws Exception {
        String rootUri = root.toUri().toString().replaceAll("/$", "");
        JsonObject answer = peer.call(method, params.replace("ROOT", rootUri));
        assertTrue(answer.containsKey("error"), "must fail: " + answer);
        JsonObject error = answer.getJsonObject("error");
        assertFalse(answer.toString().contains("outside the root"), answer.toString());
        if (code != null) {
            assertEquals(code.intValue(), error.getInt("code"), error.toString());
        } else {
            assertTrue(error.getInt("code") == -32602 || error.getInt("code") == -32040, error.toString());
        }
        if (named != null) {
            assertTrue(error.getString("message").contains(named), error.toString());
        }
        JsonObject good = peer.result("resources/get", "{\"uri\":\"" + Fixture.uri(root, "a-hello.txt") + "\"}");
        assertEquals("Hello, gomcp", good.getJsonObject("contents").getString("content"));
    }
}
