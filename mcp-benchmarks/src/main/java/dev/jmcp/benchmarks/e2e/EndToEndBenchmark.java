package dev.jmcp.benchmarks.e2e;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * End to end against the official Java MCP SDK: a server in a child JVM ({@link JmcpResourceServer}
 * or {@link SdkResourceServer}, serving the same {@link BenchResources}), over stdio or Streamable
 * HTTP on loopback, driven by the same client, jmcp's {@link McpClient}, one request at a time:
 * <ul>
 *   <li>{@code text1KiB}: {@code resources/read} of the 1 KiB text;</li>
 *   <li>{@code blob1MiB}: {@code resources/read} of the 1 MiB blob, decoded to a scratch buffer and
 *       its bytes counted;</li>
 *   <li>{@code list10k}: {@code resources/list}, following {@code nextCursor} until all
 *       {@value BenchResources#TOP_LEVEL} resources are in: jmcp answers in pages of 10,000 (its
 *       default), so in two pages, the SDK with one page of everything.</li>
 * </ul>
 * Sample-time mode: JMH times every call and reports the mean and the percentiles (p0.50, p0.99);
 * with one client thread, requests per second is 1 / mean (bench/run prints it). The server starts
 * once per trial (a fresh JVM for each server and transport) and is checked before the first call:
 * the text, every byte of the blob, and every listed URI. {@code -prof gc}'s allocation is the
 * client's alone: the server is another process. Short by default; {@code bench/run --full} for
 * real numbers.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@State(Scope.Benchmark)
public class EndToEndBenchmark {
    private static final int MAX_PAGES = 1000;

    /**
     * {@code jmcp} or {@code sdk}: whose server; or {@code base}, jmcp's server from the class path
     * {@code -Djmcp.bench.baseClasspath} names, to compare a change with what it changes in one run.
     */
    @Param({"jmcp", "sdk"})
    public String server;

    /** {@code stdio} or {@code http}. */
    @Param({"stdio", "http"})
    public String transport;

    private ServerProcess http;
    private McpClient client;
    // where blob1MiB decodes to; shared by the benchmark threads, which only ever overwrite it
    private final byte[] scratch = new byte[64 * 1024];

    @Setup(Level.Trial)
    public void start() {
        Class<?> main = switch (server) {
            case "jmcp", "base" -> JmcpResourceServer.class;
            case "sdk" -> SdkResourceServer.class;
            default -> throw new IllegalArgumentException("server must be jmcp, sdk or base, was " + server);
        };
        boolean base = server.equals("base");
        switch (transport) {
            case "stdio" -> client = McpClient.connect(StdioTargets.uriOf(base ? ServerProcess.baseCommand(main, "--stdio")
                    : ServerProcess.command(main, "--stdio")));
            case "http" -> {
                http = base ? ServerProcess.startBaseHttp(main) : ServerProcess.startHttp(main);
                client = McpClient.connect(http.uri());
            }
            default -> throw new IllegalArgumentException("transport must be stdio or http, was " + transport);
        }
        verify();
    }

    @TearDown(Level.Trial)
    public void stop() {
        try {
            client.close(); // for stdio this also ends the server: its stdin closes
        } finally {
            if (http != null) {
                http.close();
            }
        }
    }

    @Benchmark
    public int text1KiB() {
        String text = only(client.resources().read(BenchResources.TEXT_URI), TextResourceContents.class).text();
        if (text.length() != BenchResources.TEXT_CHARS) {
            throw new IllegalStateException("read " + text.length() + " characters, expected " + BenchResources.TEXT_CHARS);
        }
        return text.length();
    }

    @Benchmark
    public long blob1MiB() throws IOException {
        long bytes = 0;
        try (InputStream in = only(client.resources().read(BenchResources.BLOB_URI), BlobResourceContents.class)
                .blob().open()) {
            for (int n; (n = in.read(scratch)) >= 0; ) {
                bytes += n;
            }
        }
        if (bytes != BenchResources.BLOB_BYTES) {
            throw new IllegalStateException("read " + bytes + " bytes, expected " + BenchResources.BLOB_BYTES);
        }
        return bytes;
    }

    @Benchmark
    public int list10k() {
        List<Resource> all = client.resources().listAll(MAX_PAGES);
        if (all.size() != BenchResources.TOP_LEVEL) {
            throw new IllegalStateException("listed " + all.size() + " resources, expected " + BenchResources.TOP_LEVEL);
        }
        return all.size();
    }

    private void verify() {
        String text = only(client.resources().read(BenchResources.TEXT_URI), TextResourceContents.class).text();
        if (!text.equals(BenchResources.text())) {
            throw new IllegalStateException(server + "/" + transport + ": the 1 KiB text differs");
        }
        byte[] blob = only(client.resources().read(BenchResources.BLOB_URI), BlobResourceContents.class)
                .blob().toByteArray();
        if (!Arrays.equals(blob, BenchResources.blob())) {
            throw new IllegalStateException(server + "/" + transport + ": the 1 MiB blob differs (" + blob.length
                    + " bytes)");
        }
        Set<String> listed = new HashSet<>();
        client.resources().listAll(MAX_PAGES).forEach(resource -> listed.add(resource.uri()));
        Set<String> expected = new HashSet<>(List.of(BenchResources.TEXT_URI, BenchResources.BLOB_URI));
        for (int i = 0; i < BenchResources.LIST_ENTRIES; i++) {
            expected.add(BenchResources.entryUri(i));
        }
        if (!listed.equals(expected)) {
            throw new IllegalStateException(server + "/" + transport + ": listed " + listed.size()
                    + " URIs, not the " + expected.size() + " expected");
        }
    }

    private static <T extends ResourceContents> T only(ReadResourceResult result, Class<T> kind) {
        if (result.contents().size() != 1 || !kind.isInstance(result.contents().get(0))) {
            throw new IllegalStateException("expected one " + kind.getSimpleName() + ", got " + result.contents());
        }
        return kind.cast(result.contents().get(0));
    }
}
