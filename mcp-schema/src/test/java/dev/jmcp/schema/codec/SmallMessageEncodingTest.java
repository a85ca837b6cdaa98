package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * Encoding a small message as a stream ({@code encode}, what a transport that pulls bytes uses)
 * costs about its own bytes: the 112 KiB buffers for base64 are made only when a blob is reached.
 */
class SmallMessageEncodingTest {
    /** Far above a 1 KiB answer's JSON and copies, far below one set of blob buffers. */
    private static final long MAX_ALLOCATED = 32 * 1024;
    private static final McpCodec CODEC = McpCodec.defaults();

    private static byte[] encodeAll(JsonRpcResultResponse message) throws IOException {
        try (InputStream in = CODEC.encode(message)) {
            return in.readAllBytes();
        }
    }

    @Test
    void encodingAOneKibTextAllocatesNoBlobBuffers() throws IOException {
        JsonRpcResultResponse message = new JsonRpcResultResponse(RequestId.of(1), ReadResourceResult.of(List.of(
                TextResourceContents.of("file:///small.txt", "text/plain", "a".repeat(1024)))));
        for (int i = 0; i < 3; i++) {
            encodeAll(message); // classes loaded and buffers recycled before counting
        }
        LongSupplier allocated = BlobStreamingTest.ThreadAllocation.counter();
        long before = allocated == null ? 0 : allocated.getAsLong();
        byte[] json = encodeAll(message);
        long used = allocated == null ? 0 : allocated.getAsLong() - before;

        assertArrayEquals(CODEC.toBytes(message), json);
        assumeTrue(allocated != null, BlobStreamingTest.ThreadAllocation.UNMEASURED);
        assertTrue(used < MAX_ALLOCATED, "encoding a 1 KiB text allocated " + used + " bytes, expected < "
                + MAX_ALLOCATED);
    }
}
