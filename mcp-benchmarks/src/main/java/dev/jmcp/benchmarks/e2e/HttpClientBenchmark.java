package dev.jmcp.benchmarks.e2e;

import com.sun.management.OperatingSystemMXBean;
import dev.jmcp.core.McpClient;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * jmcp's HTTP client against the floor: one client thread reading the 1 KiB text of
 * {@link BenchResources} over Streamable HTTP from jmcp's server ({@link JmcpResourceServer} in a
 * child JVM, one 2025-11-25 session), one request at a time:
 * <ul>
 *   <li>{@code client=bare}: {@link BareHttpClient}, a keep-alive HTTP/1.1 client on one socket,
 *       POSTing the {@code resources/read} with the session's {@code Mcp-Session-Id} and
 *       {@code MCP-Protocol-Version} and reading the answer's event;</li>
 *   <li>{@code client=jdk}: the same POST through the JDK's {@link HttpClient} ({@code send}, the
 *       body read to its end): what the JDK client costs on its own;</li>
 *   <li>{@code client=jmcp}: {@link McpClient#resources()}{@code .read(uri)}, the whole jmcp client
 *       on {@code StreamableHttpClientTransport}.</li>
 * </ul>
 * Every answer is checked for the text. After each iteration the benchmark prints the client JVM's
 * CPU time per read (all its threads), which the machine's load disturbs less than the latency.
 * Sample-time mode, as {@link EndToEndBenchmark}; bench/run
 * shows each row against {@code client=bare}. Short by default; {@code bench/run --full} for real
 * numbers.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@State(Scope.Benchmark)
public class HttpClientBenchmark {
    private static final String VERSION = "2025-11-25";
    // the text as it stands in the JSON answer: it has nothing to escape but its final line feed
    private static final String JSON_TEXT = "\"" + BenchResources.text().strip() + "\\n\"";

    /** {@code bare}, {@code jdk} or {@code jmcp}: whose client. */
    @Param({"bare", "jdk", "jmcp"})
    public String client;

    private ServerProcess server;
    private BareHttpClient bare;
    private Map<String, String> session;
    private HttpClient jdk;
    private McpClient jmcp;
    private long nextId = 1;
    // the benchmark JVM's CPU time per read, all threads (the server is another process): on a
    // shared machine it moves far less with the load than the latency does
    private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long reads;
    private long cpuAtStart;

    @Setup(Level.Trial)
    public void start() throws IOException {
        server = ServerProcess.startHttp(JmcpResourceServer.class);
        switch (client) {
            case "bare", "jdk" -> {
                bare = new BareHttpClient(server.uri());
                session = handshake(bare);
                jdk = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            }
            case "jmcp" -> jmcp = McpClient.connect(server.uri());
            default -> throw new IllegalArgumentException("client must be bare, jdk or jmcp, was " + client);
        }
        read1KiB();
    }

    @Setup(Level.Iteration)
    public void startCounting() {
        reads = 0;
        cpuAtStart = os.getProcessCpuTime();
    }

    @TearDown(Level.Iteration)
    public void printCpuPerRead() {
        System.out.printf("client=%s: %,d reads, client CPU %.1f us per read%n", client, reads,
                (os.getProcessCpuTime() - cpuAtStart) / 1e3 / Math.max(1, reads));
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException {
        try {
            if (jmcp != null) {
                jmcp.close();
            }
            if (bare != null) {
                bare.close();
            }
        } finally {
            server.close();
        }
    }

    @Benchmark
    public int read1KiB() throws IOException {
        reads++;
        if (client.equals("jmcp")) {
            // the text itself, as a user of the client gets it: no JSON to look into
            String text = ((TextResourceContents) jmcp.resources().read(BenchResources.TEXT_URI).contents().get(0)).text();
            if (!text.equals(BenchResources.text())) {
                throw new IllegalStateException("jmcp: the text differs: " + text);
            }
            return text.length();
        }
        String answer = client.equals("bare") ? bare.post(readRequest(), session).text() : jdkPost(readRequest());
        if (!answer.contains(JSON_TEXT)) {
            throw new IllegalStateException(client + ": the answer lacks the 1 KiB text: " + answer);
        }
        return answer.length();
    }

    private byte[] readRequest() {
        return ("{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"resources/read\",\"params\":{\"uri\":\""
                + BenchResources.TEXT_URI + "\"}}").getBytes(StandardCharsets.UTF_8);
    }

    private String jdkPost(byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.uri())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        session.forEach(request::header);
        try {
            return jdk.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** initialize and notifications/initialized: the headers of the session they open. */
    private static Map<String, String> handshake(BareHttpClient bare) throws IOException {
        BareHttpClient.Answer init = bare.post(("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"" + VERSION + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bare\","
                + "\"version\":\"1\"}}}").getBytes(StandardCharsets.UTF_8), Map.of());
        String id = init.headers().get("mcp-session-id");
        if (init.status() != 200 || id == null || !init.text().contains("\"" + VERSION + "\"")) {
            throw new IllegalStateException("initialize: HTTP " + init.status() + " " + init.headers() + " " + init.text());
        }
        Map<String, String> session = Map.of("Mcp-Session-Id", id, "MCP-Protocol-Version", VERSION);
        BareHttpClient.Answer initialized = bare.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"
                .getBytes(StandardCharsets.UTF_8), session);
        if (initialized.status() != 202) {
            throw new IllegalStateException("notifications/initialized: HTTP " + initialized.status());
        }
        return session;
    }
}
