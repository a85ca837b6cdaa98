package dev.jmcp.benchmarks;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The codec's share of {@code EndToEndBenchmark.list10k}, one thread, no transport: the page of
 * 10,000 entries that jmcp's end-to-end server lists ({@code bench://list/entry-NNNNN}, a name, a
 * MIME type, a size, {@code isCollection: false}), written by jmcp's codec into a counting sink ({@code write}) and read back from its bytes
 * into records as jmcp's client reads an answer ({@code read}). {@code meta=version} gives each
 * entry the {@code _meta} with a content version that jmcp's in-memory provider lists; {@code none}
 * is the page as the official SDK's server sends it. Measures where the client's and the server's
 * CPU goes without the noise of two processes on a busy machine.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
@State(Scope.Benchmark)
public class ListPageBenchmark {
    private static final int ENTRIES = 10_000;

    /** {@code version}: each entry's {@code _meta} holds a content version; {@code none}: no {@code _meta}. */
    @Param({"version", "none"})
    public String meta;

    private JsonRpcResultResponse message;
    private byte[] bytes;
    private final CountingSink sink = new CountingSink();

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        List<Resource> page = new ArrayList<>(ENTRIES);
        for (int i = 0; i < ENTRIES; i++) {
            String name = String.format("entry-%05d", i);
            long size = ("the body of entry " + i + "\n").length(); // e2e.BenchResources' body
            Resource entry = Resource.builder("bench://list/" + name, name).mimeType("text/plain").size(size)
                    .isCollection(false).build();
            // stamped as the in-memory provider stamps its entries
            page.add(meta.equals("version") ? ConditionalReads.withVersion(entry, "apbl39ndu1su-" + i) : entry);
        }
        message = new JsonRpcResultResponse(RequestId.of(1), ListResourcesResult.of(page, null));
        bytes = McpCodec.defaults().toBytes(message);
        if (read().resources().size() != ENTRIES) {
            throw new IllegalStateException("the page did not read back whole");
        }
    }

    @Benchmark
    public long write() throws IOException {
        sink.reset();
        McpCodec.defaults().write(message, sink);
        return sink.count();
    }

    @Benchmark
    public ListResourcesResult read() {
        JsonRpcResultResponse response = (JsonRpcResultResponse) McpCodec.defaults().read(bytes,
                id -> McpMethodNames.RESOURCES_LIST);
        return (ListResourcesResult) response.result();
    }
}
