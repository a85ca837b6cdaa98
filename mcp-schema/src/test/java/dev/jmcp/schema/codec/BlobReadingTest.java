package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Random;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading blobs: the base64 text is decoded while it is read, into the codec's {@link BlobSink},
 * and never held; a blob that is not base64 is refused naming where it is; a message that fails
 * leaves nothing behind.
 */
class BlobReadingTest {
    private static final PendingRequests READ = id -> "resources/read";
    private static final int BIG = 64 * 1024 * 1024;

    @TempDir
    Path dir;

    private static byte[] random(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    private static InputStream response(byte[] bytes) throws IOException {
        Resource resource = Resource.builder("file:///b.bin", "b.bin").mimeType("application/octet-stream").build();
        return McpCodec.defaults().encode(new JsonRpcResultResponse(RequestId.of(1),
                ReadResourceResult.of(new BlobResourceContents(resource, Blob.of(bytes)))));
    }

    private static McpCodec codec(BlobSink sink, long maxMessageBytes) {
        return McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(maxMessageBytes).build()).blobSink(sink).build();
    }

    private static Blob blobOf(Object payload) {
        ReadResourceResult result = (ReadResourceResult) ((JsonRpcResultResponse) payload).result();
        return ((BlobResourceContents) result.contents().get(0)).blob();
    }

    private static String json(String blobMember) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"contents\":[{\"uri\":\"file:///b\",\"name\":\"b\","
                + blobMember + "}]}}";
    }

    private static ProtocolException refused(McpCodec codec, String message) {
        return assertThrows(ProtocolException.class,
                () -> codec.read(message.getBytes(StandardCharsets.UTF_8), READ));
    }

    @Test
    void aBlobSpilledToAFileHasExactlyTheBytesSent() throws IOException {
        byte[] bytes = random(3 * 1024 * 1024 + 1);
        McpCodec codec = codec(BlobSink.spillToFiles(dir, 1024), Long.MAX_VALUE);
        Blob blob = blobOf(codec.read(response(bytes), READ));
        Blob.OfFile file = assertInstanceOf(Blob.OfFile.class, blob);
        assertEquals(dir, file.file().getParent());
        assertArrayEquals(bytes, Files.readAllBytes(file.file()));
    }

    @Test
    void aBlobUnderTheThresholdStaysInMemory() throws IOException {
        byte[] bytes = random(1000);
        Blob blob = blobOf(codec(BlobSink.spillToFiles(dir, 1024), Long.MAX_VALUE).read(response(bytes), READ));
        assertArrayEquals(bytes, assertInstanceOf(Blob.InMemory.class, blob).bytes());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aMessageThatFailsAfterItsBlobLeavesNoFile() throws IOException {
        McpCodec codec = codec(BlobSink.spillToFiles(dir, 0), Long.MAX_VALUE);
        ProtocolException e = refused(codec, json("\"blob\":\"AAECAwQF\",\"size\":\"six\""));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count(), "the blob file of the unreadable message is still there");
        }
    }

    @Test
    void aMessageCutInsideItsBlobLeavesNoFile() throws IOException {
        McpCodec codec = codec(BlobSink.spillToFiles(dir, 0), Long.MAX_VALUE);
        ProtocolException e = refused(codec, json("\"blob\":\"AAECAwQF").substring(0, 90));
        assertEquals(ErrorCodes.PARSE_ERROR, e.code(), e.getMessage());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void textThatIsNotBase64IsRefusedNamingWhereItIs() {
        ProtocolException e = refused(McpCodec.defaults(), json("\"blob\":\"AA@A\""));
        assertTrue(e.getMessage().contains("result.contents[0].blob") && e.getMessage().contains("not base64"),
                e.getMessage());
        assertEquals(RequestId.of(1), e.requestId());
        ProtocolException length = refused(McpCodec.defaults(), json("\"blob\":\"AAA\""));
        assertTrue(length.getMessage().contains("divisible by 4, was 3"), length.getMessage());
        ProtocolException unicode = refused(McpCodec.defaults(), json("\"blob\":\"AA\u00e9A\""));
        assertTrue(unicode.getMessage().contains("not base64"), unicode.getMessage());
    }

    @Test
    void paddingBeforeTheEndIsRefusedAlsoAtAChunkBoundary() {
        String early = "A".repeat(65_532) + "AA==" + "AAAA";
        ProtocolException e = refused(McpCodec.defaults(), json("\"blob\":\"" + early + "\""));
        assertTrue(e.getMessage().contains("padding"), e.getMessage());
        refused(McpCodec.defaults(), json("\"blob\":\"AA==AAAA\""));
    }

    @Test
    void escapedCharactersInBase64AreResolved() {
        Blob blob = blobOf(McpCodec.defaults().read(json("\"blob\":\"\\/\\/8\\u003d\"").getBytes(StandardCharsets.UTF_8),
                READ));
        assertArrayEquals(new byte[] {(byte) 0xFF, (byte) 0xFF}, blob.toByteArray());
    }

    @Test
    void aBlobIsNotHeldToMaxStringLengthButToMaxMessageBytes() throws IOException {
        byte[] bytes = random(300);
        CodecLimits small = CodecLimits.builder().maxStringLength(64).maxMessageBytes(1024).build();
        McpCodec codec = McpCodec.builder().limits(small).build();
        assertArrayEquals(bytes, blobOf(codec.read(response(bytes), READ)).toByteArray());
        ProtocolException e = assertThrows(ProtocolException.class, () -> codec.read(response(random(2000)), READ));
        assertTrue(e.getMessage().contains("maxMessageBytes=1024"), e.getMessage());
    }

    @Test
    void readingA64MiBBlobIntoASinkAllocatesLittle() throws IOException, NoSuchAlgorithmException {
        byte[] bytes = random(BIG);
        HashingSink sink = new HashingSink();
        McpCodec codec = codec(sink, Long.MAX_VALUE);
        codec.read(response(random(1024 * 1024)), READ); // warm up
        LongSupplier allocated = BlobStreamingTest.ThreadAllocation.counter();
        InputStream in = response(bytes);
        long before = allocated == null ? 0 : allocated.getAsLong();
        codec.read(in, READ);
        long used = allocated == null ? 0 : allocated.getAsLong() - before;

        assertEquals(BIG, sink.count);
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(bytes), sink.digest.digest());
        assumeTrue(allocated != null, BlobStreamingTest.ThreadAllocation.UNMEASURED);
        // the encoder on the same thread takes its share too; the blob itself is 64 MiB
        assertTrue(used < 4L * 1024 * 1024, "reading a 64 MiB blob allocated " + used + " bytes");
    }

    /** A sink that keeps nothing but a count and a digest. */
    private static final class HashingSink implements BlobSink, BlobSink.Target {
        final MessageDigest digest;
        long count;

        HashingSink() throws NoSuchAlgorithmException {
            digest = MessageDigest.getInstance("SHA-256");
        }

        @Override
        public Target open() {
            digest.reset();
            count = 0;
            return this;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            digest.update(bytes, offset, length);
            count += length;
        }

        @Override
        public Blob finish() {
            return Blob.of(new byte[0]);
        }

        @Override
        public void abort() {
        }
    }
}
