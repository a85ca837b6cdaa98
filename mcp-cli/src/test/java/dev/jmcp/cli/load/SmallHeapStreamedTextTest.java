package dev.jmcp.cli.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 5 MiB text, streamed from its file (above {@code streamedTextAboveBytes}), read many times at
 * once from the real {@code jmcp serve} at {@code -Xmx256m}: every answer is the file's text byte for
 * byte (checked while it streams: escapes, multi-byte characters) or an error naming the setting
 * that refused it; no unnamed error, no {@code OutOfMemoryError}. Two rounds on one server.
 */
class SmallHeapStreamedTextTest {
    private static final int FIVE_MIB = 5 * 1024 * 1024;
    private static final int ROUNDS = 2;

    @TempDir
    Path root;

    @Test
    void concurrentStatelessReadsOverHttpAreTheFilesTextOrRefusedByName() throws Exception {
        byte[] text = text();
        String uri = StatelessReads.uriOf(Files.write(root.resolve("big.txt"), text));
        try (SmallHeapServer server = SmallHeapServer.http("--root", root.toString())) {
            for (int round = 0; round < ROUNDS; round++) {
                assertAllSameOrNamed(overHttp(server, 200, uri, text), 200, server, "round " + round);
            }
        }
    }

    @Test
    void pipelinedStatelessReadsOverStdioAreTheFilesTextOrRefusedByName() throws Exception {
        byte[] text = text();
        String uri = StatelessReads.uriOf(Files.write(root.resolve("big.txt"), text));
        try (SmallHeapServer server = SmallHeapServer.stdio("--root", root.toString())) {
            OutputStream stdin = server.process().getOutputStream();
            InputStream stdout = server.process().getInputStream();
            for (int round = 0; round < ROUNDS; round++) {
                StatelessReads.pipeline(stdin, round * 1000, 80, uri);
                assertAllSameOrNamed(StatelessReads.lines(stdout, 80, () -> new SameTextScan(text)), 80, server, "round " + round);
            }
        }
    }

    private static void assertAllSameOrNamed(Map<String, Integer> outcomes, int requests, SmallHeapServer server,
            String round) {
        String report = round + ": " + outcomes + "\n--- server log\n" + String.join("\n", server.log());
        assertEquals(requests, outcomes.values().stream().mapToInt(Integer::intValue).sum(), report);
        int other = outcomes.entrySet().stream().filter(e -> !e.getKey().equals("result")
                && !e.getKey().startsWith("named ")).mapToInt(Map.Entry::getValue).sum();
        assertEquals(0, other, "every answer is the file's text or names the setting that refused it: " + report);
        assertTrue(outcomes.getOrDefault("result", 0) > 0, "some answers fit the budget: " + report);
        assertFalse(server.ranOutOfMemory(), report);
        assertTrue(server.process().isAlive(), report);
    }

    private static Map<String, Integer> overHttp(SmallHeapServer server, int n, String uri, byte[] text)
            throws Exception {
        Map<String, String> headers = Map.of("Content-Type", "application/json",
                "Accept", "application/json, text/event-stream", "MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "resources/read", "Mcp-Name", uri);
        ExecutorService threads = Executors.newFixedThreadPool(n);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int id = i + 1;
                answers.add(threads.submit(() -> RawPost.post(server.port(), "/mcp", headers, StatelessReads.read(id, uri, ""),
                        new SameTextScan(text))));
            }
            Map<String, Integer> counts = new TreeMap<>();
            for (Future<String> answer : answers) {
                counts.merge(answer.get(300, TimeUnit.SECONDS), 1, Integer::sum);
            }
            return counts;
        } finally {
            threads.shutdownNow();
        }
    }

    /** 5 MiB of UTF-8 text in lines, with what JSON escapes and characters of every UTF-8 length. */
    private static byte[] text() {
        byte[] line = "a \"quoted\" word, a back\\slash, a\ttab, \u0001, é, €, 😀 and 0123456789\n"
                .getBytes(StandardCharsets.UTF_8);
        byte[] text = new byte[FIVE_MIB];
        int at = 0;
        while (at + line.length <= text.length) {
            System.arraycopy(line, 0, text, at, line.length);
            at += line.length;
        }
        Arrays.fill(text, at, text.length, (byte) 'x');
        return text;
    }
}
