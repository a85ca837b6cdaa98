package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class McpCodecToBuilderTest {
    /** The result of a method only a customised codec knows. */
    public record Answer(String value) {
    }

    @Test
    void changingOneSettingKeepsTheOthersAndTheCustomMethods() {
        BlobSink sink = BlobSink.IN_MEMORY::open;
        McpCodec custom = McpCodec.builder().blobSink(sink)
                .method(McpMethod.request("test/custom", ReadResourceRequestParams.class, Answer.class)).build();

        McpCodec changed = custom.toBuilder().limits(CodecLimits.builder().maxDepth(9).build()).build();

        assertEquals(9, changed.limits().maxDepth());
        assertSame(sink, changed.blobSink());
        JsonRpcResultResponse read = assertInstanceOf(JsonRpcResultResponse.class, changed.read(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"value\":\"x\"}}".getBytes(StandardCharsets.UTF_8),
                id -> "test/custom"));
        assertEquals(new Answer("x"), read.result());
    }
}
