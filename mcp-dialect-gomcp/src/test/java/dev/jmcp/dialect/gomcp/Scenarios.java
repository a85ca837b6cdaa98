package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * What a gomcp client does against the fixture, with what it must see; each scenario takes a
 * peer that has finished gomcp's handshake. Shared by the stdio and HTTP tests.
 */
final class Scenarios {
    private final Path root;

    Scenarios(Path root) {
        this.root = root;
    }

    String uri(String name) {
        return Fixture.uri(root, name);
    }

    /** @return every resource of the listing with {@code filter} (JSON, may be null), following cursors */
    List<JsonObject> listAll(GomcpPeer peer, String filter) throws Exception {
        List<JsonObject> all = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            String params = "{" + (filter == null ? "" : "\"filter\":" + filter)
                    + (cursor == null ? "" : (filter == null ? "" : ",") + "\"cursor\":\"" + cursor + "\"") + "}";
            JsonObject page = peer.result("resources/list", params);
            assertTrue(page.getJsonArray("resources").size() <= Fixture.PAGE_SIZE, page.toString());
            page.getJsonArray("resources").forEach(resource -> all.add(resource.asJsonObject()));
            cursor = page.containsKey("nextCursor") ? page.getString("nextCursor") : null;
            assertTrue(++pages < 20, "the cursors do not end");
        } while (cursor != null);
        return all;
    }

    static List<String> names(List<JsonObject> resources) {
        return resources.stream().map(r -> r.getJsonObject("metadata").getString("name")).toList();
    }

    void listsEverythingInPages(GomcpPeer peer) throws Exception {
        JsonObject first = peer.result("resources/list", null);
        assertEquals(Fixture.PAGE_SIZE, first.getJsonArray("resources").size());
        assertTrue(first.containsKey("nextCursor"), "a first page of 3 among 10 says there is more");
        List<JsonObject> all = listAll(peer, null);
        assertEquals(List.of("a-hello.txt", "b-notes.md", "c-data.bin", "d-sub", "w1.txt", "w2.txt", "w3.txt",
                "w4.txt", "w5.txt", "w6.txt"), names(all));
        JsonObject hello = all.get(0);
        assertEquals(uri("a-hello.txt"), hello.getString("uri"));
        assertEquals("file", hello.getString("kind"));
        assertEquals("a-hello.txt", hello.getString("title"));
        assertEquals(12, hello.getJsonNumber("size").longValue());
        assertTrue(hello.getString("version").startsWith("sha256-"), hello.toString());
        assertEquals("text/plain", hello.getJsonObject("metadata").getString("mimeType"));
        assertTrue(hello.getJsonObject("metadata").containsKey("lastModified"), hello.toString());
        JsonObject folder = all.get(3);
        assertEquals("collection", folder.getString("kind"));
        assertFalse(folder.containsKey("version"), "a collection has no content version");
        assertEquals(JsonValue.TRUE, folder.getJsonObject("metadata").get("isCollection"));
    }

    void filtersByKindAndMetadata(GomcpPeer peer) throws Exception {
        assertEquals(List.of("d-sub"), names(listAll(peer, "{\"kind\":\"collection\"}")));
        assertEquals(List.of("a-hello.txt", "w1.txt", "w2.txt", "w3.txt", "w4.txt", "w5.txt", "w6.txt"),
                names(listAll(peer, "{\"kind\":[\"file\"],\"metadata\":{\"mimeType\":\"text/plain\"}}")));
        assertEquals(List.of("b-notes.md"), names(listAll(peer, "{\"metadata\":{\"name\":\"b-notes.md\"}}")));
        assertEquals(List.of("w1.txt", "w2.txt", "w3.txt", "w4.txt", "w5.txt", "w6.txt"),
                names(listAll(peer, "{\"uriPrefix\":\"" + uri("w") + "\"}")));
        assertEquals(List.of(), names(listAll(peer, "{\"kind\":\"database_table\"}")));
        String folder = listAll(peer, "{\"kind\":\"collection\"}").get(0).getString("uri");
        assertEquals(List.of("inner.txt"), names(listAll(peer, "{\"parent\":\"" + folder + "\"}")));
    }

    void refusesAnUnknownFilterMember(GomcpPeer peer) throws Exception {
        JsonObject error = peer.error("resources/list", "{\"filter\":{\"owner\":\"me\"}}");
        assertEquals(-32602, error.getInt("code"));
        assertTrue(error.getString("message").contains("params.filter.owner"), error.toString());
    }

    void getAndReadAnswerAlike(GomcpPeer peer) throws Exception {
        String params = "{\"uri\":\"" + uri("a-hello.txt") + "\"}";
        JsonObject got = peer.result("resources/get", params);
        JsonObject read = peer.result("resources/read", params);
        assertEquals(got, read);
        assertEquals("Hello, gomcp", got.getJsonObject("contents").getString("content"));
        assertEquals("text/plain", got.getJsonObject("contents").getString("contentType"));
        assertFalse(got.getJsonObject("contents").containsKey("blob"));
        assertEquals(uri("a-hello.txt"), got.getJsonObject("resource").getString("uri"));
        assertNotNull(got.getJsonObject("resource").getString("version"));
    }

    void currentVersionIsNotModifiedAndStaleOneGetsContent(GomcpPeer peer) throws Exception {
        String uri = uri("b-notes.md");
        String version = peer.result("resources/get", "{\"uri\":\"" + uri + "\"}").getJsonObject("resource")
                .getString("version");
        JsonObject error = peer.error("resources/get", "{\"uri\":\"" + uri + "\",\"version\":\"" + version + "\"}");
        assertEquals(-32050, error.getInt("code"));
        assertEquals("Not Modified: " + uri + " is at version " + version, error.getString("message"));
        assertEquals(uri, error.getJsonObject("data").getString("uri"));
        assertEquals(version, error.getJsonObject("data").getString("version"));
        JsonObject stale = peer.result("resources/read", "{\"uri\":\"" + uri + "\",\"version\":\"sha256-old\"}");
        assertEquals("# notes\n", stale.getJsonObject("contents").getString("content"));
        assertEquals(version, stale.getJsonObject("resource").getString("version"));
    }

    void readsABinaryResourceAsBase64(GomcpPeer peer) throws Exception {
        JsonObject contents = peer.result("resources/get", "{\"uri\":\"" + uri("c-data.bin") + "\"}")
                .getJsonObject("contents");
        assertFalse(contents.containsKey("content"), contents.toString());
        assertArrayEquals(Fixture.BINARY, Base64.getDecoder().decode(contents.getString("blob")));
        assertEquals("application/octet-stream", contents.getString("contentType"));
    }

    void unknownUriIsNotFoundWithItsUri(GomcpPeer peer) throws Exception {
        String missing = uri("no-such-file.txt");
        JsonObject error = peer.error("resources/get", "{\"uri\":\"" + missing + "\"}");
        assertEquals(-32040, error.getInt("code"));
        assertEquals(missing, error.getJsonObject("data").getString("uri"));
        assertEquals(-32040, peer.error("resources/subscribe", "{\"uris\":[\"" + missing + "\"]}").getInt("code"));
    }

    void collectionReadSaysHowToList(GomcpPeer peer) throws Exception {
        String folder = listAll(peer, "{\"kind\":\"collection\"}").get(0).getString("uri");
        JsonObject error = peer.error("resources/read", "{\"uri\":\"" + folder + "\"}");
        assertEquals(-32602, error.getInt("code"));
        assertTrue(error.getString("message").contains("params.filter.parent"), error.toString());
    }

    /** Subscribes to {@code name}, changes it, and expects the whole resource with its new version. */
    void subscriptionCarriesTheNewVersion(GomcpPeer peer, String name) throws Exception {
        String uri = uri(name);
        String before = peer.result("resources/read", "{\"uri\":\"" + uri + "\"}").getJsonObject("resource")
                .getString("version");
        assertEquals(JsonValue.EMPTY_JSON_OBJECT, peer.result("resources/subscribe", "{\"uris\":[\"" + uri + "\"]}"));
        Files.writeString(root.resolve(name), "changed " + name);
        // a write can be seen as two changes (truncated, then written): wait for the one of the content as it is now
        while (true) {
            JsonObject resource = changeOf(peer, "notifications/resources/updated", uri);
            assertNotEquals(before, resource.getString("version"));
            assertEquals("file", resource.getString("kind"));
            JsonObject now = peer.result("resources/read", "{\"uri\":\"" + uri + "\"}");
            if (now.getJsonObject("resource").getString("version").equals(resource.getString("version"))) {
                assertEquals("changed " + name, now.getJsonObject("contents").getString("content"));
                return;
            }
        }
    }

    /**
     * Unsubscribes from {@code dropped} and keeps {@code kept}; changes both, {@code dropped} first:
     * the notification of {@code kept} is the barrier after which one of {@code dropped} would have come.
     */
    void unsubscribedResourceIsNotAnnounced(GomcpPeer peer, String dropped, String kept) throws Exception {
        peer.result("resources/subscribe", "{\"uris\":[\"" + uri(dropped) + "\",\"" + uri(kept) + "\"]}");
        peer.result("resources/read", "{\"uri\":\"" + uri(kept) + "\"}"); // one notification name: updated
        assertEquals(JsonValue.EMPTY_JSON_OBJECT,
                peer.result("resources/unsubscribe", "{\"uris\":[\"" + uri(dropped) + "\"]}"));
        Files.writeString(root.resolve(dropped), "changed unseen");
        Files.writeString(root.resolve(kept), "changed seen");
        String first;
        do { // changes of resources other tests changed before may still be on their way
            first = peer.nextNotification("notifications/resources/updated").getJsonObject("params")
                    .getJsonObject("resource").getString("uri");
        } while (!first.equals(uri(kept)) && !first.equals(uri(dropped)));
        assertEquals(uri(kept), first, "only the resource still subscribed is announced");
    }

    /** A session that reads with resources/get is told with the seed's name, content_changed. */
    void getterIsToldContentChanged(GomcpPeer peer, String name) throws Exception {
        String uri = uri(name);
        peer.result("resources/get", "{\"uri\":\"" + uri + "\"}");
        peer.result("resources/subscribe", "{\"uris\":[\"" + uri + "\"]}");
        Files.writeString(root.resolve(name), "changed for a getter");
        JsonObject first = peer.nextNotification();
        while (first.getString("method").equals("notifications/resources/list_changed")) {
            first = peer.nextNotification();
        }
        assertEquals("notifications/resources/content_changed", first.getString("method"), first.toString());
        assertEquals(uri, first.getJsonObject("params").getJsonObject("resource").getString("uri"));
    }

    /** A session that has read nothing yet may be either kind of gomcp client: it is told with both names. */
    void sessionThatReadNothingIsToldWithBothNames(GomcpPeer peer, String name) throws Exception {
        String uri = uri(name);
        peer.result("resources/subscribe", "{\"uris\":[\"" + uri + "\"]}");
        Files.writeString(root.resolve(name), "changed for a client that read nothing");
        assertEquals(uri, changeOf(peer, "notifications/resources/updated", uri).getString("uri"));
        assertEquals(uri, changeOf(peer, "notifications/resources/content_changed", uri).getString("uri"));
    }

    void subscribingPastTheLimitIsRefusedWhole(GomcpPeer peer) throws Exception {
        JsonObject tooMany = peer.error("resources/subscribe", "{\"uris\":[\"" + uri("w1.txt") + "\",\""
                + uri("w2.txt") + "\",\"" + uri("w3.txt") + "\",\"" + uri("w4.txt") + "\"]}");
        assertTrue(tooMany.getString("message").contains("would hold 4 subscriptions, more than "
                + "maxSubscriptionsPerSession=" + Fixture.MAX_SUBSCRIPTIONS), tooMany.toString());
        peer.result("resources/subscribe", "{\"uris\":[\"" + uri("a-hello.txt") + "\",\"" + uri("b-notes.md") + "\"]}");
        JsonObject error = peer.error("resources/subscribe", "{\"uris\":[\"" + uri("c-data.bin") + "\",\""
                + uri("w1.txt") + "\"]}");
        assertEquals(-32602, error.getInt("code"));
        assertTrue(error.getString("message").contains("maxSubscriptionsPerSession=" + Fixture.MAX_SUBSCRIPTIONS),
                error.toString());
        // none of the refused ones was added: one more still fits
        peer.result("resources/subscribe", "{\"uris\":[\"" + uri("c-data.bin") + "\"]}");
        assertEquals(-32602, peer.error("resources/subscribe", "{\"uris\":\"" + uri("w1.txt") + "\"}").getInt("code"));
    }

    private static JsonObject changeOf(GomcpPeer peer, String method, String uri) throws InterruptedException {
        while (true) {
            JsonObject resource = peer.nextNotification(method).getJsonObject("params").getJsonObject("resource");
            if (resource.getString("uri").equals(uri)) {
                return resource;
            }
        }
    }
}
