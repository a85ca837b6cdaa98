package dev.jmcp.benchmarks;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
 * Writing a {@code resources/read} answer of one text of 5 MiB (issue 24's) into a sink that only counts bytes: the
 * text held as a String against the text streamed from its UTF-8 bytes ({@link StreamedTextResourceContents}),
 * each as the codec alone sees it and as the file-system provider serves it from a file.
 * <ul>
 *   <li>{@code string}: the codec writing a String already made;</li>
 *   <li>{@code streamedBytes}: the codec streaming the same text's UTF-8 bytes from memory: the
 *       escaping and UTF-8 checking of the streamed path against the String path's encoding;</li>
 *   <li>{@code stringFromFile}: what the provider does below {@code streamedTextAboveBytes}: read the
 *       file whole, decode it (the JDK's decoder), write the String;</li>
 *   <li>{@code streamedFromFile}: what it does above: check the file is UTF-8 through an 8 KiB strict
 *       decoder (nothing kept), then stream it from the file while it is written.</li>
 * </ul>
 * Run with {@code -prof gc}: alloc/op is what a read holds or churns. MB/s is ops/s times the size.
 * The trial setup checks that all four write the same bytes.
 *
 * <pre>bench/run -- TextWriteBenchmark -p text=ascii,mixed</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class TextWriteBenchmark {
    private static final String URI = "file:///bench/big.txt";

    /** ascii: log lines with nothing to escape; mixed: quotes, tabs, controls and 2- to 4-byte characters. */
    @Param({"ascii", "mixed"})
    public String text;

    /** About this many bytes of UTF-8 (whole lines): 5 MiB, the text of issue 24. */
    @Param({"5242880"})
    public int size;

    private final CountingSink sink = new CountingSink();
    private final McpCodec codec = McpCodec.defaults();
    private Resource resource;
    private byte[] utf8;
    private String held;
    private Path file;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        String line = text.equals("ascii") ? "2026-07-28T12:00:00Z INFO the quick brown fox jumps over the lazy dog 42\n"
                : "a \"quoted\" word\tà la ligne, € 5, 😀 \u0001 \\ end\n";
        byte[] one = line.getBytes(StandardCharsets.UTF_8);
        utf8 = new byte[size / one.length * one.length];
        for (int at = 0; at < utf8.length; at += one.length) {
            System.arraycopy(one, 0, utf8, at, one.length);
        }
        held = new String(utf8, StandardCharsets.UTF_8);
        resource = Resource.builder(URI, "big.txt").mimeType("text/plain").size((long) utf8.length).build();
        file = Files.createTempFile("jmcp-text-bench", ".txt");
        Files.write(file, utf8);
        verify();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public long string() throws IOException {
        return write(new TextResourceContents(resource, held));
    }

    @Benchmark
    public long streamedBytes() throws IOException {
        return write(new StreamedTextResourceContents(resource, Blob.of(utf8)));
    }

    @Benchmark
    public long stringFromFile() throws IOException {
        return write(new TextResourceContents(resource, new String(Files.readAllBytes(file), StandardCharsets.UTF_8)));
    }

    @Benchmark
    public long streamedFromFile() throws IOException {
        if (!wellFormed(file)) {
            throw new IllegalStateException(file + " is UTF-8");
        }
        return write(new StreamedTextResourceContents(resource, Blob.ofFile(file)));
    }

    private long write(ResourceContents contents) throws IOException {
        sink.reset();
        codec.write(new JsonRpcResultResponse(RequestId.of(1), ReadResourceResult.of(contents)), sink);
        return sink.count();
    }

    /** The provider's check (OpenedFile.isUtf8): a strict decoder over the file, nothing kept. */
    private static boolean wellFormed(Path file) throws IOException {
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        char[] chars = new char[8192];
        try (InputStream bytes = Files.newInputStream(file); Reader in = new InputStreamReader(bytes, strict)) {
            while (in.read(chars) >= 0) {
                // decoded only to be checked
            }
            return true;
        } catch (java.nio.charset.CharacterCodingException notUtf8) {
            return false;
        }
    }

    /** All four write the same bytes, or the comparison means nothing. */
    private void verify() throws IOException {
        byte[] expected = bytes(new TextResourceContents(resource, held));
        ResourceContents[] others = {new StreamedTextResourceContents(resource, Blob.of(utf8)),
            new StreamedTextResourceContents(resource, Blob.ofFile(file))};
        for (ResourceContents other : others) {
            if (!Arrays.equals(expected, bytes(other))) {
                throw new IllegalStateException("the streamed text is written differently from the String: " + other);
            }
        }
    }

    private byte[] bytes(ResourceContents contents) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        codec.write(new JsonRpcResultResponse(RequestId.of(1), ReadResourceResult.of(contents)), out);
        return out.toByteArray();
    }
}
