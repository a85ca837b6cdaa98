package dev.jmcp.core.stateless;

import static dev.jmcp.core.stateless.Requests.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.SigningKeys;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Replicas that share a secret accept each other's cursors and request states, as a client behind
 * round-robin needs; a replica with another secret refuses them; during a rotation the previous
 * secret is still accepted.
 */
class SharedSigningKeysTest {
    private static final byte[] OLD = "an old secret that every replica had shared".getBytes(StandardCharsets.UTF_8);
    private static final byte[] NEW = "a new secret that every replica will share!".getBytes(StandardCharsets.UTF_8);

    private final List<McpServer> servers = new ArrayList<>();

    private RawPeer replica(SigningKeys keys) {
        InMemoryResourceProvider notes = InMemoryResourceProvider.create("notes");
        for (int i = 0; i < 10; i++) {
            notes.addText(Resource.builder("mem://n" + i, "n" + i).mimeType("text/plain").build(), "note " + i);
        }
        McpServer.Builder builder = McpServer.builder().serverInfo("replica", "1").resourceProvider(notes)
                .feature(new TestTools()).resourceSettings(ResourceSettings.builder().pageSize(3).build());
        McpServer server = (keys == null ? builder : builder.signingKeys(keys)).build();
        servers.add(server);
        RawPeer peer = new RawPeer();
        server.serve(peer);
        return peer;
    }

    @AfterEach
    void close() {
        servers.forEach(McpServer::close);
    }

    @Test
    void aCursorOfOneReplicaIsAcceptedByAnotherWithTheSameSecretOnly() throws Exception {
        RawPeer first = replica(SigningKeys.of(OLD));
        RawPeer same = replica(SigningKeys.of(OLD));
        RawPeer other = replica(SigningKeys.of(NEW));
        RawPeer random = replica(null);
        String cursor = cursor(first);
        JsonObject page = same.call(request(2, "resources/list", "\"cursor\":\"" + cursor + "\"")).getJsonObject("result");
        assertEquals("mem://n3", page.getJsonArray("resources").getJsonObject(0).getString("uri"));
        for (RawPeer refusing : List.of(other, random)) {
            assertRefused(refusing.call(request(3, "resources/list", "\"cursor\":\"" + cursor + "\"")), "params.cursor");
        }
    }

    @Test
    void aRequestStateOfOneReplicaIsAcceptedByAnotherWithTheSameSecretOnly() throws Exception {
        RawPeer first = replica(SigningKeys.of(OLD));
        RawPeer same = replica(SigningKeys.of(OLD));
        RawPeer other = replica(SigningKeys.of(NEW));
        String state = state(first);
        assertEquals("round-1:ada", StatelessEraTest.text(same.call(retry(2, state))));
        assertRefused(other.call(retry(3, state)), "params.requestState");
    }

    @Test
    void duringARotationThePreviousSecretIsStillAcceptedAndTheNewOneSigns() throws Exception {
        RawPeer before = replica(SigningKeys.of(OLD));
        RawPeer rotating = replica(SigningKeys.of(NEW, OLD));
        RawPeer after = replica(SigningKeys.of(NEW));
        String oldCursor = cursor(before);
        String oldState = state(before);
        assertTrue(rotating.call(request(2, "resources/list", "\"cursor\":\"" + oldCursor + "\"")).containsKey("result"));
        assertEquals("round-1:ada", StatelessEraTest.text(rotating.call(retry(3, oldState))));
        // what the rotating replica issues is signed with the new secret: the replicas done rotating accept it
        String newCursor = cursor(rotating);
        assertTrue(after.call(request(4, "resources/list", "\"cursor\":\"" + newCursor + "\"")).containsKey("result"));
        assertEquals("round-1:ada", StatelessEraTest.text(after.call(retry(5, state(rotating)))));
        assertRefused(before.call(request(6, "resources/list", "\"cursor\":\"" + newCursor + "\"")), "params.cursor");
        assertRefused(after.call(request(7, "resources/list", "\"cursor\":\"" + oldCursor + "\"")), "params.cursor");
    }

    private static String cursor(RawPeer peer) throws Exception {
        JsonObject page = peer.call(request(1, "resources/list", "")).getJsonObject("result");
        assertEquals(3, page.getJsonArray("resources").size());
        return page.getString("nextCursor");
    }

    private static String state(RawPeer peer) throws Exception {
        JsonObject first = peer.call(request(1, "tools/call", "\"name\":\"ask\"")).getJsonObject("result");
        assertEquals("input_required", first.getString("resultType"));
        return first.getString("requestState");
    }

    private static String retry(int id, String state) {
        return request(id, "tools/call", "\"name\":\"ask\",\"requestState\":\"" + state
                + "\",\"inputResponses\":{\"who\":{\"action\":\"accept\",\"content\":{\"name\":\"ada\"}}}");
    }

    private static void assertRefused(JsonObject response, String naming) {
        assertTrue(response.containsKey("error"), response::toString);
        assertEquals(-32602, response.getJsonObject("error").getInt("code"));
        assertTrue(response.getJsonObject("error").getString("message").contains(naming), response::toString);
    }
}
