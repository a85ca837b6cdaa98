package dev.jmcp.transport.stdio;

import static dev.jmcp.transport.stdio.Requests.notification;
import static dev.jmcp.transport.stdio.Requests.stateless;
import static dev.jmcp.transport.stdio.StatelessOverStdioTest.uri;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code subscriptions/listen} (2026-07-28) to a real server process over stdio, with real files:
 * the acknowledgement first, then changes made on disk, each tagged with the subscription id, and
 * the end of the stream when the client cancels it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ListenOverStdioTest {
    private static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    @TempDir
    Path dir;
    private Path root;
    private LinePeer peer;

    private void start() throws Exception {
        root = dir.toRealPath();
        Files.writeString(root.resolve("watched.txt"), "first");
        peer = LinePeer.start(ChildProcesses.java(StatelessServerMain.class, root.toString()));
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (peer != null) {
            peer.close();
        }
    }

    @Test
    void theAcknowledgementComesFirstThenTheFilesChangesAndTheListsEachTaggedWithTheRequestId() throws Exception {
        start();
        String watched = uri(root.resolve("watched.txt"));
        peer.send(stateless(41, "subscriptions/listen", "\"notifications\":{\"resourceSubscriptions\":[\"" + watched
                + "\"],\"resourcesListChanged\":true,\"toolsListChanged\":true}"));

        JsonObject ack = peer.next();
        assertEquals("notifications/subscriptions/acknowledged", ack.getString("method"), ack::toString);
        assertEquals(Json.createValue(41), subscriptionId(ack));
        JsonObject honoured = ack.getJsonObject("params").getJsonObject("notifications");
        assertEquals(watched, honoured.getJsonArray("resourceSubscriptions").getString(0));
        assertTrue(honoured.getBoolean("resourcesListChanged"));
        assertFalse(honoured.containsKey("toolsListChanged"), "the server's tools declare no list changes: " + honoured);

        Files.writeString(root.resolve("watched.txt"), "second");
        JsonObject updated = awaitTagged(Json.createValue(41), "notifications/resources/updated",
                params -> watched.equals(params.getString("uri", null)));
        assertEquals(watched, updated.getJsonObject("params").getString("uri"));

        Files.writeString(root.resolve("new.txt"), "new");
        awaitTagged(Json.createValue(41), "notifications/resources/list_changed", params -> true);
    }

    /**
     * Issue 24, case 5: 64 open listens took every place of maxRequestsInFlightPerSession (64), and a
     * 65th listen and a plain read were refused; a listen holds no such place.
     */
    @Test
    void openListensTakeNoInFlightPlaceOfTheStream() throws Exception {
        start();
        String watched = uri(root.resolve("watched.txt"));
        int listens = dev.jmcp.core.session.SessionSettings.DEFAULT_MAX_REQUESTS_IN_FLIGHT_PER_SESSION + 1;
        for (int i = 1; i <= listens; i++) {
            peer.send(stateless(i, "subscriptions/listen", "\"notifications\":{\"resourcesListChanged\":true}"));
        }
        for (int i = 1; i <= listens; i++) {
            JsonObject ack = peer.next();
            assertEquals("notifications/subscriptions/acknowledged", ack.getString("method", null), ack::toString);
        }
        JsonObject read = peer.call(stateless(1000, "resources/read", "\"uri\":\"" + watched + "\""));
        assertEquals("first", read.getJsonObject("result").getJsonArray("contents").getJsonObject(0).getString("text"),
                read::toString);
    }

    @Test
    void aCancelledListenGetsNothingMoreAndNoResponseWhileAnotherOneGoesOn() throws Exception {
        start();
        peer.send(stateless("\"a\"", "subscriptions/listen", "\"notifications\":{\"resourcesListChanged\":true}"));
        assertEquals(Json.createValue("a"), subscriptionId(peer.next()));
        peer.send(notification("notifications/cancelled", "{\"requestId\":\"a\",\"reason\":\"done\"}"));
        peer.send(stateless("\"b\"", "subscriptions/listen", "\"notifications\":{\"resourcesListChanged\":true}"));
        JsonObject ackB = peer.next();
        assertEquals("notifications/subscriptions/acknowledged", ackB.getString("method"), ackB::toString);
        assertEquals(Json.createValue("b"), subscriptionId(ackB));

        Files.writeString(root.resolve("new.txt"), "new");
        awaitTagged(Json.createValue("b"), "notifications/resources/list_changed", params -> true);
        // the same events reached "a" by now had it still been open; give stragglers a moment
        for (JsonObject late = peer.poll(300); late != null; late = peer.poll(300)) {
            assertFalse(late.containsKey("id"), "no response to a cancelled listen: " + late);
            assertEquals(Json.createValue("b"), subscriptionId(late), late::toString);
        }
    }

    @Test
    void theServerExitsWhenItsInputEndsWhileAListenIsOpen() throws Exception {
        start();
        peer.send(stateless(1, "subscriptions/listen", "\"notifications\":{\"resourcesListChanged\":true}"));
        assertEquals("notifications/subscriptions/acknowledged", peer.next().getString("method"));

        peer.process().getOutputStream().close();
        assertTrue(peer.process().waitFor(10, TimeUnit.SECONDS), "the server did not exit within 10 s of its input "
                + "ending; stderr:\n" + peer.stderr());
        assertEquals(0, peer.process().exitValue(), peer::stderr);
    }

    /**
     * Reads notifications of the subscription {@code id} until one of {@code method} whose params
     * satisfy {@code wanted}; a message of any other subscription, or a response, fails. Events of
     * one change may come more than once (a write can be two modifications on disk).
     */
    private JsonObject awaitTagged(JsonValue id, String method, Predicate<JsonObject> wanted) throws Exception {
        while (true) {
            JsonObject message = peer.next();
            assertFalse(message.containsKey("id"), "only notifications on an open stream: " + message);
            assertEquals(id, subscriptionId(message), message::toString);
            if (method.equals(message.getString("method")) && wanted.test(message.getJsonObject("params"))) {
                return message;
            }
        }
    }

    private static JsonValue subscriptionId(JsonObject notification) {
        JsonObject params = notification.getJsonObject("params");
        JsonObject meta = params == null ? null : params.getJsonObject("_meta");
        return meta == null ? null : meta.get(SUBSCRIPTION_ID);
    }
}
