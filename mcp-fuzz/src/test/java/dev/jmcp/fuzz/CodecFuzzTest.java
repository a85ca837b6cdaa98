package dev.jmcp.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.McpMethods;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.List;

/**
 * Any bytes given to {@link McpCodec#read} either fail with a {@link ProtocolException} or give a
 * message that writes and reads back to the same bytes. Small limits keep every input cheap, so a
 * missed limit shows up as a slow or memory-hungry input rather than hiding behind big defaults.
 */
class CodecFuzzTest {
    private static final CodecLimits LIMITS = CodecLimits.builder().maxMessageBytes(8 * 1024)
            .maxDepth(12).maxStringLength(1024).build();
    private static final McpCodec CODEC = McpCodec.builder().limits(LIMITS).build();
    private static final List<McpMethod<?, ?>> METHODS = McpMethods.all();

    /** Every response's id stands for some request, so results of every method get read. */
    private static final PendingRequests PENDING =
            id -> METHODS.get(Math.floorMod(id.hashCode(), METHODS.size())).name();

    @FuzzTest
    void readMessageWritesAndReadsBackUnchanged(byte[] input) {
        JsonRpcPayload message;
        try {
            message = CODEC.read(input, PENDING);
        } catch (ProtocolException refused) {
            return;
        }
        byte[] written = CODEC.toBytes(message);
        JsonRpcPayload again = CODEC.read(written, PENDING);
        assertArrayEquals(written, CODEC.toBytes(again), () -> "not a fixed point: " + new String(written,
                java.nio.charset.StandardCharsets.UTF_8));
    }
}
