package dev.jmcp.transport.netty.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.transport.netty.LeakCheck;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.stream.ChunkedWriteHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LeakCheck.class)
class JsonBodyWriterTest {

    @Test
    void theBodyIsTheMessageAndEndsTheResponse() {
        McpCodec codec = McpCodec.defaults();
        JsonRpcResultResponse response = new JsonRpcResultResponse(RequestId.of("a"), EmptyResult.of());
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), new JsonBodyWriter(codec, 256));
        channel.writeAndFlush(new JsonBody(response));
        Wire wire = Wire.drain(channel);
        assertArrayEquals(codec.toBytes(response), wire.body.toByteArray());
        assertEquals(1, wire.lasts);
        channel.finishAndReleaseAll();
    }
}
