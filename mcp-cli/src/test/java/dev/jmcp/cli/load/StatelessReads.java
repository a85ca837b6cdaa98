package dev.jmcp.cli.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/** The stateless 2026-07-28 reads the small-heap tests send, and the counting of their stdio answers. */
final class StatelessReads {
    private static final String META = "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}";

    private StatelessReads() {
    }

    /** @param moreMeta members added to the request's {@code _meta}, each after a comma; "" for none */
    static String read(int id, String uri, String moreMeta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri
                + "\",\"_meta\":{" + META + moreMeta + "}}}";
    }

    /** Writes {@code count} reads of {@code uri} to a server's stdin at once, ids from {@code firstId} on. */
    static void pipeline(OutputStream stdin, int firstId, int count, String uri) throws IOException {
        StringBuilder requests = new StringBuilder();
        for (int i = 0; i < count; i++) {
            requests.append(read(firstId + i, uri, "")).append('\n');
        }
        stdin.write(requests.toString().getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    static String uriOf(Path file) throws IOException {
        return file.toRealPath().toUri().toString();
    }

    /** @return outcome to count, of the next {@code n} lines of {@code stdout}, each scanned by a new scan */
    static Map<String, Integer> lines(InputStream stdout, int n, Supplier<AnswerScan> scans) throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        AnswerScan scan = scans.get();
        byte[] buffer = new byte[64 * 1024];
        int seen = 0;
        while (seen < n) {
            int k = stdout.read(buffer);
            if (k < 0) {
                counts.merge("the server's output ended", 1, Integer::sum);
                return counts;
            }
            int start = 0;
            for (int i = 0; i < k && seen < n; i++) {
                if (buffer[i] == '\n') {
                    scan.feed(buffer, start, i - start);
                    counts.merge(scan.outcome(), 1, Integer::sum);
                    seen++;
                    scan = scans.get();
                    start = i + 1;
                }
            }
            if (start < k) {
                scan.feed(buffer, start, k - start);
            }
        }
        return counts;
    }
}
