package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.jmcp.core.McpClient;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The case in the large: {@code jmcp serve --http} in a JVM of {@code -Xmx256m}, and 20
 * sessions that each read a 7 MiB text and stay open. Each session used to keep its answer for
 * replay (16 MiB each allowed, with no bound across sessions) until the heap ran out, after which
 * every read failed with OutOfMemoryError. Every read, the first of each session and every later
 * one, must now succeed.
 */
class SmallHeapManySessionsTest {
    private static final int SESSIONS = 20;
    private static final int TEXT_BYTES = 7 * 1024 * 1024;

    @TempDir
    Path root;

    @Test
    void twentySessionsReadingA7MiBTextFitA256MiBHeap() throws Exception {
        Path file = Files.writeString(root.resolve("big.txt"), text());
        String uri = file.toRealPath().toUri().toString();
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        List<String> serve = new ArrayList<>(Cli.command("-Xmx256m"));
        serve.addAll(List.of("serve", "--root", root.toString(), "--http", "127.0.0.1:" + port));
        Process server = new ProcessBuilder(serve).redirectErrorStream(true).start();
        List<String> log = new CopyOnWriteArrayList<>();
        List<McpClient> clients = new ArrayList<>();
        try {
            awaitListening(server, port, log);
            URI address = URI.create("http://127.0.0.1:" + port + "/mcp");
            for (int i = 0; i < SESSIONS; i++) {
                McpClient client = McpClient.connect(address);
                clients.add(client);
                assertRead(client, uri, "first read of session " + i, log);
            }
            for (int i = 0; i < SESSIONS; i++) {
                assertRead(clients.get(i), uri, "later read of session " + i, log);
            }
        } finally {
            for (McpClient client : clients) {
                client.close();
            }
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
        assertFalse(log.stream().anyMatch(line -> line.contains("OutOfMemoryError")), String.join("\n", log));
    }

    private static void assertRead(McpClient client, String uri, String what, List<String> log) {
        TextResourceContents text;
        try {
            text = (TextResourceContents) client.resources().read(uri).contents().get(0);
        } catch (RuntimeException e) {
            throw new AssertionError(what + " failed: " + e + "\n--- server log\n" + String.join("\n", log), e);
        }
        assertEquals(TEXT_BYTES, text.text().length(), what);
    }

    /** Reads the server's output into {@code log} until it ends; waits until it says it listens. */
    private static void awaitListening(Process server, int port, List<String> log) throws Exception {
        CompletableFuture<Void> listening = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    log.add(line);
                    if (line.contains("http://127.0.0.1:" + port)) {
                        listening.complete(null);
                    }
                }
            } catch (IOException e) {
                log.add("reading the server's output failed: " + e);
            }
            listening.completeExceptionally(new AssertionError("the server ended: " + String.join("\n", log)));
        }, "server-log");
        reader.setDaemon(true);
        reader.start();
        listening.get(30, TimeUnit.SECONDS);
    }

    /** 7 MiB of plain text in lines, as a log file would be. */
    private static String text() {
        StringBuilder text = new StringBuilder(TEXT_BYTES);
        String line = "the quick brown fox jumps over the lazy dog 0123456789\n";
        while (text.length() + line.length() <= TEXT_BYTES) {
            text.append(line);
        }
        text.append("x".repeat(TEXT_BYTES - text.length()));
        return text.toString();
    }
}
