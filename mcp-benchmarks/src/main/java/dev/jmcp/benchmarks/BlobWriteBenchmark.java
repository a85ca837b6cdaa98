package dev.jmcp.benchmarks;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import java.io.ByteArrayInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
 * Writing a whole {@code resources/read} response whose one element is an in-memory blob, into a
 * sink that only counts bytes. jmcp against four baselines that write the same JSON:
 * <ul>
 *   <li>{@code chunkedEncoderBaseline}, the practical limit: the envelope as constant bytes and the
 *       blob through {@code Base64.Encoder.encode(src, dst)} in 48 KiB chunks into one reused
 *       64 KiB buffer. The encoder takes no offset, so each chunk is first copied into a reused
 *       48 KiB buffer (an L1/L2-resident copy, as jmcp's read from the blob's stream is);</li>
 *   <li>{@code wrapBaseline}: the envelope as constant bytes and the blob through
 *       {@code Base64.getEncoder().wrap(out)};</li>
 *   <li>{@code jacksonWriteBinaryBaseline}: jackson-core's {@code JsonGenerator.writeBinary(InputStream, int)},
 *       the streaming JSON writer our blob output is modelled on (STYLE.md), envelope included;</li>
 *   <li>{@code parssonGeneratorBaseline}: a JSON-P generator, which can only take the blob as one
 *       String, built in the benchmark because a non-streaming writer has to build it.</li>
 * </ul>
 * Every method returns the number of bytes written. The trial setup checks that each writes the
 * same blob: same base64 length, and jmcp's decodes back to the source bytes.
 *
 * <p>Short by default; {@code bench/run --full} for real numbers. The 256 MiB size runs only when
 * asked for: {@code bench/run} passes {@code -p size=1048576,67108864} in its quick mode.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class BlobWriteBenchmark {
    private static final int CHUNK = 48 * 1024;            // raw bytes per base64 chunk, a multiple of 3
    private static final int ENCODED_CHUNK = CHUNK / 3 * 4; // 64 KiB
    private static final Base64.Encoder ENCODER = Base64.getEncoder();
    private static final String URI = "file:///bench/blob.bin";
    private static final String NAME = "blob.bin";
    private static final String MIME_TYPE = "application/octet-stream";

    /** Raw blob bytes: 1 MiB, 64 MiB, 256 MiB. */
    @Param({"1048576", "67108864", "268435456"})
    public int size;

    private byte[] bytes;
    private final CountingSink sink = new CountingSink();
    private JsonGeneratorFactory generators;
    private JsonFactory jackson;
    // the JSON around the blob's value, written by hand for the two JDK baselines
    private byte[] head;
    private byte[] tail;
    private final byte[] raw = new byte[CHUNK];
    private final byte[] encoded = new byte[ENCODED_CHUNK];

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        bytes = new byte[size];
        new Random(20260728L).nextBytes(bytes);
        generators = JsonProvider.provider().createGeneratorFactory(Map.of());
        jackson = new JsonFactory();
        head = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"contents\":[{\"uri\":\"" + URI + "\",\"name\":\"" + NAME
                + "\",\"mimeType\":\"" + MIME_TYPE + "\",\"size\":" + size + ",\"isCollection\":false,\"blob\":\"")
                .getBytes(StandardCharsets.UTF_8);
        tail = "\"}]}}".getBytes(StandardCharsets.UTF_8);
        verify();
    }

    @Benchmark
    public long jmcp() throws IOException {
        sink.reset();
        writeJmcp(sink);
        return sink.count();
    }

    @Benchmark
    public long chunkedEncoderBaseline() throws IOException {
        sink.reset();
        writeChunked(sink);
        return sink.count();
    }

    @Benchmark
    public long wrapBaseline() throws IOException {
        sink.reset();
        writeWrapped(sink);
        return sink.count();
    }

    @Benchmark
    public long jacksonWriteBinaryBaseline() throws IOException {
        sink.reset();
        writeWithJackson(sink);
        return sink.count();
    }

    @Benchmark
    public long parssonGeneratorBaseline() {
        sink.reset();
        writeWithGenerator(sink);
        return sink.count();
    }

    private void writeJmcp(OutputStream out) throws IOException {
        Resource resource = Resource.builder(URI, NAME).mimeType(MIME_TYPE).size((long) bytes.length)
                .isCollection(false).build();
        ReadResourceResult result = new ReadResourceResult(
                List.of(new BlobResourceContents(resource, Blob.of(bytes))), null, null, null, null);
        McpCodec.defaults().write(new JsonRpcResultResponse(RequestId.of(1), result), out);
    }

    private void writeChunked(OutputStream out) throws IOException {
        out.write(head);
        byte[] src = bytes;
        int whole = src.length - src.length % CHUNK;
        for (int offset = 0; offset < whole; offset += CHUNK) {
            System.arraycopy(src, offset, raw, 0, CHUNK);
            ENCODER.encode(raw, encoded);
            out.write(encoded, 0, ENCODED_CHUNK);
        }
        if (whole < src.length) {
            int n = ENCODER.encode(Arrays.copyOfRange(src, whole, src.length), encoded);
            out.write(encoded, 0, n);
        }
        out.write(tail);
    }

    private void writeWrapped(OutputStream out) throws IOException {
        out.write(head);
        try (OutputStream base64 = ENCODER.wrap(new NonClosing(out))) {
            base64.write(bytes);
        }
        out.write(tail);
    }

    private void writeWithJackson(OutputStream out) throws IOException {
        // the generator closes its target when it is closed: both sinks here ignore close()
        try (com.fasterxml.jackson.core.JsonGenerator json = jackson.createGenerator(out, JsonEncoding.UTF8)) {
            json.writeStartObject();
            json.writeStringField("jsonrpc", "2.0");
            json.writeNumberField("id", 1);
            json.writeObjectFieldStart("result");
            json.writeArrayFieldStart("contents");
            json.writeStartObject();
            json.writeStringField("uri", URI);
            json.writeStringField("name", NAME);
            json.writeStringField("mimeType", MIME_TYPE);
            json.writeNumberField("size", (long) bytes.length);
            json.writeBooleanField("isCollection", false);
            json.writeFieldName("blob");
            // the default variant is standard base64 with padding and no line feeds, as MCP wants
            json.writeBinary(new ByteArrayInputStream(bytes), bytes.length);
            json.writeEndObject();
            json.writeEndArray();
            json.writeEndObject();
            json.writeEndObject();
        }
    }

    private void writeWithGenerator(OutputStream out) {
        String base64 = ENCODER.encodeToString(bytes); // the String a non-streaming writer must build
        try (JsonGenerator json = generators.createGenerator(out)) {
            json.writeStartObject()
                    .write("jsonrpc", "2.0")
                    .write("id", 1)
                    .writeStartObject("result")
                    .writeStartArray("contents")
                    .writeStartObject()
                    .write("uri", URI)
                    .write("name", NAME)
                    .write("mimeType", MIME_TYPE)
                    .write("size", (long) bytes.length)
                    .write("isCollection", false)
                    .write("blob", base64)
                    .writeEnd()
                    .writeEnd()
                    .writeEnd()
                    .writeEnd();
        }
    }

    /**
     * Checks, once per trial, that the comparison is fair: every writer's blob decodes to the
     * source bytes and has the same number of base64 characters. A different envelope (the codec
     * changed its member order, say) is only reported: it moves the totals by a few bytes.
     */
    private void verify() throws IOException {
        BlobCheck jmcp = new BlobCheck(bytes);
        writeJmcp(jmcp);
        jmcp.verify("jmcp");
        BlobCheck chunked = new BlobCheck(bytes);
        writeChunked(chunked);
        BlobCheck wrapped = new BlobCheck(bytes);
        writeWrapped(wrapped);
        BlobCheck jacksonCheck = new BlobCheck(bytes);
        writeWithJackson(jacksonCheck);
        BlobCheck generator = new BlobCheck(bytes);
        writeWithGenerator(generator);
        long expectedChars = (bytes.length + 2L) / 3 * 4;
        for (Map.Entry<String, BlobCheck> each : Map.of("jmcp", jmcp, "chunkedEncoderBaseline", chunked,
                "wrapBaseline", wrapped, "jacksonWriteBinaryBaseline", jacksonCheck,
                "parssonGeneratorBaseline", generator).entrySet()) {
            BlobCheck check = each.getValue().verify(each.getKey());
            if (check.blobChars() != expectedChars) {
                throw new IllegalStateException(each.getKey() + " wrote " + check.blobChars()
                        + " base64 characters, expected " + expectedChars);
            }
            if (!check.envelope().equals(jmcp.envelope())) {
                System.err.println("note: " + each.getKey() + " writes the envelope " + check.envelope()
                        + ", jmcp writes " + jmcp.envelope());
            }
        }
    }

    /** Lets a base64 wrapper be closed, which writes its padding, without closing the sink under it. */
    private static final class NonClosing extends FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len); // FilterOutputStream would write byte by byte
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
