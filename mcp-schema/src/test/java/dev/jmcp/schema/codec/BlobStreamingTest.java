package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A large blob is base64-encoded from its source in small chunks, by both the push ({@code write})
 * and the pull ({@code encode}) paths: no write is larger than one chunk, the thread allocates far
 * less than the blob, and the base64 decodes to the file's bytes.
 */
class BlobStreamingTest {
    private static final int SIZE = 64 * 1024 * 1024;
    private static final int MAX_WRITE = 64 * 1024 + 64;
    private static final long MAX_ALLOCATED = 8L * 1024 * 1024;
    private static final String URI = "file:///big.bin";
    private static final McpCodec CODEC = McpCodec.defaults();

    @TempDir
    static Path dir;
    private static Path file;
    private static byte[] fileSha256;

    @BeforeAll
    static void writeFile() throws Exception {
        file = dir.resolve("big.bin");
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        Random random = new Random(2093);
        byte[] chunk = new byte[1024 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < SIZE / chunk.length; i++) {
                random.nextBytes(chunk);
                digest.update(chunk);
                out.write(chunk);
            }
        }
        fileSha256 = digest.digest();
    }

    private static JsonRpcResultResponse response(Blob blob, long size) {
        Resource resource = Resource.builder(URI, "big.bin").mimeType("application/octet-stream").size(size).build();
        return new JsonRpcResultResponse(RequestId.of(7),
                ReadResourceResult.of(new BlobResourceContents(resource, blob)));
    }

    private static String expectedOutside(long size) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"contents\":[{\"uri\":\"" + URI + "\",\"name\":\"big.bin\","
                + "\"mimeType\":\"application/octet-stream\",\"size\":" + size + ",\"blob\":\"\"}]}}";
    }

    private static void assertBlobChecked(Base64CheckingSink sink) {
        assertNull(sink.failure(), sink.failure());
        assertEquals(SIZE, sink.decodedBytes(), "decoded bytes");
        assertEquals((SIZE + 2L) / 3 * 4, sink.base64Chars(), "base64 characters");
        assertArrayEquals(fileSha256, sink.sha256(), "the decoded blob differs from the file");
        assertEquals(sink.outside().length() + sink.base64Chars(), sink.total(), "bytes written");
        JsonTrees.assertJsonEquals(expectedOutside(SIZE), sink.outside().getBytes(StandardCharsets.UTF_8),
                "the JSON around the blob");
    }

    @Test
    void writeStreamsAFileBlobInChunksOfAtMost64KiB() throws IOException {
        JsonRpcResultResponse message = response(Blob.ofFile(file), SIZE);
        warmUp();
        Base64CheckingSink sink = new Base64CheckingSink();
        LongSupplier allocated = ThreadAllocation.counter();
        long before = allocated == null ? 0 : allocated.getAsLong();
        CODEC.write(message, sink);
        long used = allocated == null ? 0 : allocated.getAsLong() - before;

        assertBlobChecked(sink);
        assertTrue(sink.largestWrite() <= MAX_WRITE, "largest single write was " + sink.largestWrite()
                + " bytes, over 64 KiB + 64; the blob is not streamed in small chunks");
        assertTrue(sink.writes() > SIZE / MAX_WRITE, "only " + sink.writes() + " writes");
        assumeTrue(allocated != null, ThreadAllocation.UNMEASURED);
        assertTrue(used < MAX_ALLOCATED, "writing a 64 MiB blob allocated " + used + " bytes on the writing thread,"
                + " expected < " + MAX_ALLOCATED);
    }

    @Test
    void encodeStreamsAFileBlobWhenReadIn8KiBPieces() throws IOException {
        JsonRpcResultResponse message = response(Blob.ofFile(file), SIZE);
        warmUp();
        Base64CheckingSink sink = new Base64CheckingSink();
        byte[] piece = new byte[8 * 1024];
        LongSupplier allocated = ThreadAllocation.counter();
        long before = allocated == null ? 0 : allocated.getAsLong();
        try (InputStream in = CODEC.encode(message)) {
            int n;
            while ((n = in.read(piece, 0, piece.length)) >= 0) {
                sink.write(piece, 0, n);
            }
        }
        long used = allocated == null ? 0 : allocated.getAsLong() - before;

        assertBlobChecked(sink);
        assumeTrue(allocated != null, ThreadAllocation.UNMEASURED);
        assertTrue(used < MAX_ALLOCATED, "encoding a 64 MiB blob allocated " + used + " bytes on the reading"
                + " thread, expected < " + MAX_ALLOCATED);
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 1000, 48 * 1024 - 1, 48 * 1024, 48 * 1024 + 1, 3 * 48 * 1024 + 2, 200_003})
    void blobOfUnknownLengthFromShortReadsEncodesCorrectly(int size) throws IOException {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        AtomicInteger opened = new AtomicInteger();
        AtomicInteger closed = new AtomicInteger();
        Blob blob = Blob.ofStream(() -> {
            opened.incrementAndGet();
            return new ShortReads(bytes, closed);
        }, -1);
        JsonRpcResultResponse message = response(blob, size);
        String expected = expectedOutside(size).replace("\"blob\":\"\"",
                "\"blob\":\"" + Base64.getEncoder().encodeToString(bytes) + "\"");

        ByteArrayOutputStream written = new ByteArrayOutputStream();
        CODEC.write(message, written);
        assertEquals(expected, written.toString(StandardCharsets.UTF_8), "write()");

        String encoded;
        try (InputStream in = CODEC.encode(message)) {
            encoded = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(expected, encoded, "encode()");
        assertEquals(2, opened.get(), "the source is opened once per write");
        assertEquals(2, closed.get(), "the source is closed after each write");
    }

    /** Runs both paths once on a small blob, so that first-use costs (classes, thread buffers) are not measured. */
    private static void warmUp() throws IOException {
        JsonRpcResultResponse small = response(Blob.of(new byte[100_000]), 100_000);
        CODEC.write(small, OutputStream.nullOutputStream());
        try (InputStream in = CODEC.encode(small)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        new Base64CheckingSink().write(new byte[] {'x'}, 0, 1);
    }

    /** A source that returns 1 to 1000 bytes per read, whatever was asked for. */
    private static final class ShortReads extends InputStream {
        private final byte[] bytes;
        private final AtomicInteger closed;
        private final Random random = new Random(7);
        private int position;

        ShortReads(byte[] bytes, AtomicInteger closed) {
            this.bytes = bytes;
            this.closed = closed;
        }

        @Override
        public int read() {
            return position < bytes.length ? bytes[position++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] target, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            if (position == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(length, 1 + random.nextInt(1000)), bytes.length - position);
            System.arraycopy(bytes, position, target, offset, n);
            position += n;
            return n;
        }

        @Override
        public void close() {
            closed.incrementAndGet();
        }
    }

    /**
     * The bytes the current thread has allocated, from {@code com.sun.management.ThreadMXBean}. The
     * test code is patched into module dev.jmcp.schema, which does not require java.management or
     * jdk.management, so the bean is reached by reflection (which does not need readability).
     */
    static final class ThreadAllocation {
        /** Why an allocation bound is reported as skipped, not passed, where the JVM cannot count. */
        static final String UNMEASURED = "this JVM cannot count a thread's allocations (reason on stderr):"
                + " the other checks passed, the allocation bound was not checked";

        private ThreadAllocation() {
        }

        /** @return the counter, or null (with the reason on stderr) when the JDK does not offer it */
        static LongSupplier counter() {
            try {
                Object bean = Class.forName("java.lang.management.ManagementFactory")
                        .getMethod("getThreadMXBean").invoke(null);
                Class<?> extended = Class.forName("com.sun.management.ThreadMXBean");
                if (!extended.isInstance(bean)) {
                    System.err.println("no com.sun.management.ThreadMXBean; the allocation bounds are skipped");
                    return null;
                }
                Method enabled = extended.getMethod("isThreadAllocatedMemoryEnabled");
                if (!(Boolean) enabled.invoke(bean)) {
                    System.err.println("thread allocation counting is disabled; the allocation bounds are skipped");
                    return null;
                }
                Method current = extended.getMethod("getCurrentThreadAllocatedBytes");
                return () -> {
                    try {
                        return (Long) current.invoke(bean);
                    } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException(e);
                    }
                };
            } catch (ReflectiveOperationException | RuntimeException e) {
                System.err.println("cannot reach ThreadMXBean (" + e + "); the allocation bounds are skipped");
                return null;
            }
        }
    }
}
