package dev.jmcp.cli.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24's cases 1-3 as a user meets them: the real {@code jmcp serve} in a JVM of
 * {@code -Xmx256m}, many 5 MiB answers wanted at once. Every request gets its answer or an error
 * that names {@code maxResponseBytesInMemory}; none gets an unnamed {@code -32603}, and the server
 * never runs out of memory. Each case runs three rounds on one server, to show it stays so.
 */
class SmallHeapConcurrentReadsTest {
    private static final int FIVE_MIB = 5 * 1024 * 1024;
    private static final int ROUNDS = 3;

    @TempDir
    Path root;

    /** Case 1: 200 concurrent stateless reads of a 5 MiB text over HTTP, clients reading at once. */
    @Test
    void concurrentStatelessTextReadsOverHttpAreAnsweredOrRefusedByName() throws Exception {
        String uri = StatelessReads.uriOf(Files.writeString(root.resolve("big.txt"), text()));
        try (SmallHeapServer server = SmallHeapServer.http("--root", root.toString())) {
            for (int round = 0; round < ROUNDS; round++) {
                Map<String, Integer> outcomes = overHttp(server, 200, uri, false);
                assertAllNamed(outcomes, 200, server, "round " + round);
            }
        }
    }

    /**
     * Case 2: the same with a 5 MiB blob and a progressToken, which used to stage every blob whole;
     * every answer comes after its progress, growing to the blob's length, though the answer budget
     * can stage only a few of them.
     */
    @Test
    void concurrentStatelessBlobReadsWithProgressOverHttpAreAnsweredOrRefusedByName() throws Exception {
        byte[] blob = new byte[FIVE_MIB];
        new Random(24).nextBytes(blob);
        String uri = StatelessReads.uriOf(Files.write(root.resolve("big.bin"), blob));
        try (SmallHeapServer server = SmallHeapServer.http("--root", root.toString())) {
            for (int round = 0; round < ROUNDS; round++) {
                Map<String, Integer> outcomes = overHttp(server, 200, uri, true);
                assertAllNamed(outcomes, 200, server, "round " + round);
            }
        }
    }

    /** Case 3: 80 pipelined stateless reads of a 5 MiB text over stdio. */
    @Test
    void pipelinedStatelessTextReadsOverStdioAreAnsweredOrRefusedByName() throws Exception {
        String uri = StatelessReads.uriOf(Files.writeString(root.resolve("big.txt"), text()));
        try (SmallHeapServer server = SmallHeapServer.stdio("--root", root.toString())) {
            OutputStream stdin = server.process().getOutputStream();
            InputStream stdout = server.process().getInputStream();
            for (int round = 0; round < ROUNDS; round++) {
                StatelessReads.pipeline(stdin, round * 1000, 80, uri);
                assertAllNamed(StatelessReads.lines(stdout, 80, AnswerScan::new), 80, server, "round " + round);
            }
        }
    }

    private static void assertAllNamed(Map<String, Integer> outcomes, int requests, SmallHeapServer server,
            String round) {
        String report = round + ": " + outcomes + "\n--- server log\n" + String.join("\n", server.log());
        assertEquals(requests, outcomes.values().stream().mapToInt(Integer::intValue).sum(), report);
        int unnamed = outcomes.entrySet().stream().filter(e -> !e.getKey().equals("result")
                && !e.getKey().startsWith("named ")).mapToInt(Map.Entry::getValue).sum();
        assertEquals(0, unnamed, "every refusal names the setting that refused it: " + report);
        assertTrue(outcomes.getOrDefault("result", 0) > 0, "some answers fit the budget: " + report);
        assertFalse(server.ranOutOfMemory(), report);
        assertTrue(server.process().isAlive(), report);
    }

    /** @return outcome to count, of {@code n} reads of {@code uri} sent at once, each on its own connection */
    private static Map<String, Integer> overHttp(SmallHeapServer server, int n, String uri, boolean progress)
            throws Exception {
        Map<String, String> headers = Map.of("Content-Type", "application/json",
                "Accept", "application/json, text/event-stream", "MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "resources/read", "Mcp-Name", uri);
        ExecutorService threads = Executors.newFixedThreadPool(n);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int id = i + 1;
                answers.add(threads.submit(() -> {
                    AnswerScan scan = new AnswerScan();
                    String outcome = RawPost.post(server.port(), "/mcp", headers, StatelessReads.read(id, uri, progress ? ",\"progressToken\":" + id : ""), scan);
                    return progress && outcome.equals("result") ? progressOf(scan) : outcome;
                }));
            }
            Map<String, Integer> counts = new TreeMap<>();
            for (Future<String> answer : answers) {
                counts.merge(answer.get(180, TimeUnit.SECONDS), 1, Integer::sum);
            }
            return counts;
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * @return "result" when progress notifications came before the answer, each with the same total,
     *         growing, the last at that total; else what was wrong
     */
    private static String progressOf(AnswerScan scan) {
        List<long[]> progress = scan.progress();
        if (progress.isEmpty()) {
            return "result without progress";
        }
        long total = progress.get(0)[1];
        long last = 0;
        for (long[] p : progress) {
            if (p[1] != total || p[0] <= last) {
                return "result with progress that does not grow to one total";
            }
            last = p[0];
        }
        return total > 0 && last == total ? "result" : "result with progress that ends before its total";
    }

    /** 5 MiB of plain text in lines, as a log file would be. */
    private static String text() {
        StringBuilder text = new StringBuilder(FIVE_MIB);
        String line = "the quick brown fox jumps over the lazy dog 0123456789\n";
        while (text.length() + line.length() <= FIVE_MIB) {
            text.append(line);
        }
        text.append("x".repeat(FIVE_MIB - text.length()));
        return text.toString();
    }
}
