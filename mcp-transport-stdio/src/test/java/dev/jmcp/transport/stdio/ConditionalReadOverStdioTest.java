package dev.jmcp.transport.stdio;

import static dev.jmcp.transport.stdio.Requests.initialize;
import static dev.jmcp.transport.stdio.Requests.notification;
import static dev.jmcp.transport.stdio.Requests.session;
import static dev.jmcp.transport.stdio.Requests.stateless;
import static dev.jmcp.transport.stdio.Requests.withMeta;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.resources.ConditionalReads;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * jmcp's conditional reads over stdio against a real server process serving a folder: a read that
 * holds the file's current version is answered on a short line without the content, in both eras.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConditionalReadOverStdioTest {
    private static final String BIG = "x".repeat(100_000);

    @TempDir
    Path dir;
    private LinePeer peer;

    @AfterEach
    void stop() throws InterruptedException {
        if (peer != null) {
            peer.close();
        }
    }

    private static String params(String file) {
        return "\"uri\":\"" + file + "\"";
    }

    private static String ifNoneMatch(String version) {
        return "\"" + ConditionalReads.IF_NONE_MATCH + "\":\"" + version + "\"";
    }

    private static String version(JsonObject response) {
        return response.getJsonObject("result").getJsonArray("contents").getJsonObject(0).getJsonObject("_meta")
                .getString(ConditionalReads.VERSION);
    }

    private static void assertNotModified(JsonObject response) {
        JsonObject result = response.getJsonObject("result");
        assertTrue(result.getJsonArray("contents").isEmpty(), response::toString);
        assertTrue(result.getJsonObject("_meta").getBoolean(ConditionalReads.NOT_MODIFIED), response::toString);
        assertTrue(response.toString().length() < 1_000, response::toString);
    }

    @Test
    void aReadOfTheHeldVersionIsAShortLineInBothEras() throws Exception {
        Path root = dir.toRealPath();
        Path big = Files.writeString(root.resolve("big.txt"), BIG);
        // settled: a file written in the last two seconds has no version yet
        Files.setLastModifiedTime(big, FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS)));
        String file = StatelessOverStdioTest.uri(big);
        peer = LinePeer.start(ChildProcesses.java(StatelessServerMain.class, root.toString()));

        JsonObject full = peer.call(stateless(1, "resources/read", params(file)));
        assertTrue(full.toString().length() > BIG.length());
        String version = version(full);
        String meta = Requests.META.substring(0, Requests.META.length() - 1) + "," + ifNoneMatch(version) + "}";
        assertNotModified(peer.call(withMeta(2, "resources/read", meta, params(file))));

        peer.call(initialize(3, "2025-11-25"));
        peer.send(notification("notifications/initialized", null));
        assertEquals(version, version(peer.call(session(4, "resources/read", "{" + params(file) + "}"))));
        assertNotModified(peer.call(session(5, "resources/read", "{" + params(file) + ",\"_meta\":{"
                + ifNoneMatch(version) + "}}")));
        JsonObject stale = peer.call(session(6, "resources/read", "{" + params(file) + ",\"_meta\":{"
                + ifNoneMatch("stale") + "}}"));
        assertEquals(BIG, stale.getJsonObject("result").getJsonArray("contents").getJsonObject(0).getString("text"));
    }
}
