package dev.jmcp.transport.stdio;

import static dev.jmcp.transport.stdio.Requests.initialize;
import static dev.jmcp.transport.stdio.Requests.notification;
import static dev.jmcp.transport.stdio.Requests.session;
import static dev.jmcp.transport.stdio.Requests.stateless;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A text above the file-system provider's {@code streamedTextAboveBytes} (1 MiB by default), read from
 * a real server process over stdio in both eras: it is streamed from its file onto the line, and
 * arrives as the file's text, escapes and multi-byte characters included.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StreamedTextOverStdioTest {
    private static final String TEXT = "a \"quoted\" line\twith \\ and é € 😀 \u0001\n".repeat(60_000);

    @TempDir
    Path dir;
    private LinePeer peer;

    @AfterEach
    void stop() throws InterruptedException {
        if (peer != null) {
            peer.close();
        }
    }

    private static String text(JsonObject response) {
        return response.getJsonObject("result").getJsonArray("contents").getJsonObject(0).getString("text");
    }

    @Test
    void aLargeTextArrivesWholeInBothEras() throws Exception {
        Path root = dir.toRealPath();
        Path big = Files.writeString(root.resolve("big.txt"), TEXT);
        String params = "\"uri\":\"" + StatelessOverStdioTest.uri(big) + "\"";
        peer = LinePeer.start(ChildProcesses.java(StatelessServerMain.class, root.toString()));

        assertEquals(TEXT, text(peer.call(stateless(1, "resources/read", params))));

        peer.call(initialize(2, "2025-11-25"));
        peer.send(notification("notifications/initialized", null));
        assertEquals(TEXT, text(peer.call(session(3, "resources/read", "{" + params + "}"))));
    }
}
