package dev.jmcp.transport.netty.internal.body;

import dev.jmcp.core.spi.Budget;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.TextResourceContents;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.internal.Leftovers;
import dev.jmcp.transport.netty.internal.Wire;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.stream.ChunkedInput;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An answer encoded whole (a text, a listing) holds its bytes of {@code maxResponseBytesInMemory}
 * until its body is closed; one that cannot get them is answered with an error naming the setting.
 */
@ExtendWith(LeakCheck.class)
class ResponseBudgetTest {
    private final McpCodec codec = McpCodec.defaults();
    private final BodyProducers none = new BodyProducers(1);
    private final Budget held = Budget.of("maxResponseBytesInMemory", 10_000);
    private final ResponseBodies bodies = new ResponseBodies(codec, 1024, none, held);
    private final EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler());
    private final ChannelHandlerContext ctx = channel.pipeline().firstContext();

    @AfterEach
    void stop() {
        try {
            Leftovers.assertNoneLeft(channel);
        } finally {
            none.close();
        }
    }

    private static JsonRpcResultResponse text(int id, int chars) {
        return new JsonRpcResultResponse(RequestId.of(id), ReadResourceResult.of(List.of(
                TextResourceContents.of("file:///a.txt", "text/plain", "x".repeat(chars)))));
    }

    private String read(ChunkedInput<HttpContent> body) throws Exception {
        Wire wire = Wire.empty();
        while (!body.isEndOfInput()) {
            wire.record(body.readChunk(channel.alloc()));
        }
        body.close();
        return new String(wire.body.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void anAnswerHoldsItsEncodedBytesUntilItsBodyIsClosed() throws Exception {
        ChunkedInput<HttpContent> body = bodies.of(ctx, text(1, 6000), false);
        byte[] json = codec.toBytes(text(1, 6000));
        assertEquals(json.length, held.used());
        assertEquals(new String(json, StandardCharsets.UTF_8), read(body));
        assertEquals(0, held.used(), "given back once written");
    }

    @Test
    void anAnswerThatCannotBeHeldIsAnErrorForTheSameRequestNamingTheSetting() throws Exception {
        ChunkedInput<HttpContent> first = bodies.of(ctx, text(1, 6000), false);
        int size = codec.toBytes(text(2, 6000)).length;
        String refused = read(bodies.of(ctx, text(2, 6000), false));
        assertTrue(refused.startsWith("{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32603,\"message\":\"the answer "
                + "to request 2 (" + size + " bytes encoded) cannot be held in memory to be written: the answers being "
                + "written already hold " + size + " bytes of maxResponseBytesInMemory=10000\",\"data\":{\"setting\":"
                + "\"maxResponseBytesInMemory\",\"value\":10000}}}"), refused);
        read(first);
        assertEquals(0, held.used());
        assertTrue(read(bodies.of(ctx, text(3, 6000), false)).contains("\"id\":3,\"result\""),
                "the budget given back serves the next answer");
    }

    @Test
    void aNotificationThatCannotBeHeldIsNotWritten() {
        JsonRpcNotification big = new JsonRpcNotification("notifications/message", null);
        Budget nothing = Budget.of("maxResponseBytesInMemory", 0);
        IOException refused = assertThrows(IOException.class,
                () -> new ResponseBodies(codec, 1024, none, nothing).of(ctx, big, false));
        assertTrue(refused.getMessage().contains("maxResponseBytesInMemory=0"), refused.getMessage());
    }
}
