package dev.jmcp.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
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
 * The client's side of a large read: parsing a whole {@code resources/read} response (its UTF-8
 * JSON prepared once per trial) and copying the blob's raw bytes into a sink that only counts
 * them. jmcp against two baselines that parse the same bytes:
 * <ul>
 *   <li>{@code jacksonReadBinaryBaseline}, the practical limit: jackson-core's {@code JsonParser}
 *       steps to the {@code "blob"} member and streams it with {@code readBinaryValue(OutputStream)},
 *       which decodes base64 out of its input buffer and never builds the string;</li>
 *   <li>{@code parssonGetStringBaseline}: JSON-P can hand out a string value only whole, so
 *       {@code getString()} and then {@code Base64.getDecoder().decode} into one array;</li>
 *   <li>{@code chunkedDecoderCeiling}: not a JSON parser, the bound for a streaming reader of our
 *       own. It reads the message in 64 KiB chunks, finds the {@code "blob":"} member by matching
 *       bytes, scans its value for the closing quote (refusing a backslash) and decodes it with
 *       {@code Base64.Decoder.decode(src, dst)} through one reused 64 KiB buffer, as
 *       {@code BlobWriteBenchmark}'s {@code chunkedEncoderBaseline} does the other way.</li>
 * </ul>
 * Each reads the response to its end and returns the number of raw bytes it copied. jmcp's codec
 * is given the sink as its {@link BlobSink}, so the blob is decoded into it while the message is
 * read, and {@code maxMessageBytes} raised to the message's length (the default stops at 16 MiB),
 * as a client that reads large blobs must; Jackson's {@code maxStringLength} is raised the same
 * way, though its streaming path does not check it. The trial setup checks that all four copy
 * exactly the source bytes.
 *
 * <p>Short by default; {@code bench/run --full} for real numbers.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class BlobDecodeBenchmark {
    private static final PendingRequests READ = id -> "resources/read";
    private static final String URI = "file:///bench/blob.bin";
    private static final byte[] MARKER = "\"blob\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final int ENCODED_CHUNK = 64 * 1024; // base64 characters per decode, a multiple of 4

    /** Raw blob bytes: 1 MiB, 64 MiB. */
    @Param({"1048576", "67108864"})
    public int size;

    private byte[] bytes;
    private byte[] json;
    private McpCodec codec;
    private final OutputBlobSink blobOutput = new OutputBlobSink();
    private JsonFactory jackson;
    private JsonParserFactory parsson;
    private final CountingSink sink = new CountingSink();
    private final byte[] input = new byte[64 * 1024];
    private final byte[] encoded = new byte[ENCODED_CHUNK];
    private final byte[] decoded = new byte[ENCODED_CHUNK / 4 * 3];

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        bytes = new byte[size];
        new Random(20260728L).nextBytes(bytes);
        Resource resource = Resource.builder(URI, "blob.bin").mimeType("application/octet-stream")
                .size((long) size).isCollection(false).build();
        json = McpCodec.defaults().toBytes(new JsonRpcResultResponse(RequestId.of(1),
                ReadResourceResult.of(new BlobResourceContents(resource, Blob.of(bytes)))));
        codec = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(json.length).build())
                .blobSink(blobOutput).build();
        jackson = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(json.length).build())
                .build();
        parsson = JsonProvider.provider().createParserFactory(Map.of());
        verify();
    }

    @Benchmark
    public long jmcp() throws IOException {
        sink.reset();
        return decodeJmcp(sink);
    }

    @Benchmark
    public long jacksonReadBinaryBaseline() throws IOException {
        sink.reset();
        return decodeJackson(sink);
    }

    @Benchmark
    public long parssonGetStringBaseline() throws IOException {
        sink.reset();
        return decodeParsson(sink);
    }

    @Benchmark
    public long chunkedDecoderCeiling() throws IOException {
        sink.reset();
        return decodeChunked(sink);
    }

    private long decodeJmcp(OutputStream out) throws IOException {
        blobOutput.out = out;
        JsonRpcResultResponse response = (JsonRpcResultResponse) codec.read(new ByteArrayInputStream(json), READ);
        ReadResourceResult result = (ReadResourceResult) response.result();
        return ((BlobResourceContents) result.contents().get(0)).blob().length();
    }

    /**
     * The client's byte sink as jmcp takes it: a {@link BlobSink} whose target writes each decoded
     * chunk to the output of the current call. The record then holds only the blob's length.
     */
    private static final class OutputBlobSink implements BlobSink, BlobSink.Target {
        OutputStream out;
        private long count;

        @Override
        public Target open() {
            count = 0;
            return this;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
            count += length;
        }

        @Override
        public Blob finish() {
            return Blob.ofStream(() -> {
                throw new IOException("the blob went to the benchmark's sink");
            }, count);
        }

        @Override
        public void abort() {
        }
    }

    private long decodeJackson(OutputStream out) throws IOException {
        long copied = -1;
        try (com.fasterxml.jackson.core.JsonParser parser = jackson.createParser(new ByteArrayInputStream(json))) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.FIELD_NAME && "blob".equals(parser.currentName())) {
                    parser.nextToken();
                    copied = parser.readBinaryValue(out);
                }
            }
        }
        return copied;
    }

    private long decodeParsson(OutputStream out) throws IOException {
        long copied = -1;
        try (JsonParser parser = parsson.createParser(new ByteArrayInputStream(json), StandardCharsets.UTF_8)) {
            while (parser.hasNext()) {
                if (parser.next() == JsonParser.Event.KEY_NAME && "blob".equals(parser.getString())) {
                    parser.next();
                    byte[] raw = Base64.getDecoder().decode(parser.getString());
                    out.write(raw);
                    copied = raw.length;
                }
            }
        }
        return copied;
    }

    private long decodeChunked(OutputStream out) throws IOException {
        Base64.Decoder decoder = Base64.getDecoder();
        InputStream in = new ByteArrayInputStream(json);
        int matched = 0;  // how much of MARKER has been seen
        int state = 0;    // 0 before the blob, 1 inside it, 2 after it
        int pending = 0;  // base64 characters in encoded
        long copied = -1;
        for (int n = in.read(input); n > 0; n = in.read(input)) {
            int i = 0;
            while (state == 0 && i < n) {
                byte b = input[i++];
                matched = b == MARKER[matched] ? matched + 1 : (b == MARKER[0] ? 1 : 0);
                if (matched == MARKER.length) {
                    state = 1;
                    copied = 0;
                }
            }
            while (state == 1 && i < n) {
                int start = i;
                while (i < n && input[i] != '"' && input[i] != '\\') {
                    i++;
                }
                int from = start;
                while (from < i) { // the run [from, i) of base64 characters, through the chunk buffer
                    int take = Math.min(i - from, ENCODED_CHUNK - pending);
                    System.arraycopy(input, from, encoded, pending, take);
                    pending += take;
                    from += take;
                    if (pending == ENCODED_CHUNK) {
                        out.write(decoded, 0, decoder.decode(encoded, decoded));
                        copied += decoded.length;
                        pending = 0;
                    }
                }
                if (i < n) {
                    if (input[i] == '\\') {
                        throw new IllegalStateException("an escape inside the blob: this scan takes plain base64 only");
                    }
                    byte[] last = decoder.decode(Arrays.copyOf(encoded, pending));
                    out.write(last);
                    copied += last.length;
                    state = 2;
                    i++;
                }
            }
        }
        return copied;
    }

    /** Checks, once per trial, that every reader copies exactly the source bytes. */
    private void verify() throws IOException {
        Expecting jmcp = new Expecting(bytes);
        decodeJmcp(jmcp);
        jmcp.verify("jmcp");
        Expecting jacksonCheck = new Expecting(bytes);
        decodeJackson(jacksonCheck);
        jacksonCheck.verify("jacksonReadBinaryBaseline");
        Expecting parssonCheck = new Expecting(bytes);
        decodeParsson(parssonCheck);
        parssonCheck.verify("parssonGetStringBaseline");
        Expecting chunkedCheck = new Expecting(bytes);
        decodeChunked(chunkedCheck);
        chunkedCheck.verify("chunkedDecoderCeiling");
    }

    /** An output that compares what it is given with the expected bytes as they stream past. */
    private static final class Expecting extends OutputStream {
        private final byte[] expected;
        private long position;

        Expecting(byte[] expected) {
            this.expected = expected;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (position + len > expected.length
                    || !Arrays.equals(b, off, off + len, expected, (int) position, (int) position + len)) {
                throw new IllegalStateException("the blob differs from the source near byte " + position);
            }
            position += len;
        }

        void verify(String reader) {
            if (position != expected.length) {
                throw new IllegalStateException(reader + " copied " + position + " bytes, expected " + expected.length);
            }
        }
    }
}
