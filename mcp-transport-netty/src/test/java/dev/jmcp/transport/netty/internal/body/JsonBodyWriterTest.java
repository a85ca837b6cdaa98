package dev.jmcp.transport.netty.internal.body;

import dev.jmcp.core.spi.Budget;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.TextResourceContents;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.ScriptedSource;
import dev.jmcp.transport.netty.internal.Leftovers;
import dev.jmcp.transport.netty.internal.LoopChannel;
import dev.jmcp.transport.netty.internal.Wire;
import dev.jmcp.transport.netty.internal.server.ResponseHeads;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(LeakCheck.class)
class JsonBodyWriterTest {
    private static final Budget UNBOUNDED = Budget.of("maxResponseBytesInMemory", Long.MAX_VALUE);
    private final McpCodec codec = McpCodec.defaults();
    private final BodyProducers producers = new BodyProducers(2);
    /** Encodes nothing off the loop: a body that tried would fail. */
    private final BodyProducers none = new BodyProducers(1);
    /** One thread: every channel opened on it shares that loop. */
    private final EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());

    JsonBodyWriterTest() {
        none.close();
    }

    @AfterEach
    void stop() {
        producers.close();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private JsonBodyWriter offTheLoop() {
        return new JsonBodyWriter(new ResponseBodies(codec, 4096, producers, UNBOUNDED));
    }

    private static JsonBody ok(JsonRpcPayload payload) {
        return new JsonBody(ResponseHeads.json(HttpResponseStatus.OK), payload);
    }

    @Test
    void theBodyIsTheMessageAndEndsTheResponse() {
        JsonRpcResultResponse response = new JsonRpcResultResponse(RequestId.of("a"), EmptyResult.of());
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(),
                new JsonBodyWriter(new ResponseBodies(codec, 256, none, UNBOUNDED)));
        channel.writeAndFlush(ok(response));
        Wire wire = Wire.drain(channel);
        assertArrayEquals(codec.toBytes(response), wire.body.toByteArray());
        assertEquals(1, wire.lasts);
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void anAnswerOfOnePieceLeavesWithItsHeadAsOneMessageAndHoldsItsBytesUntilWritten() {
        JsonRpcResultResponse response = new JsonRpcResultResponse(RequestId.of("a"), EmptyResult.of());
        Budget held = Budget.of("maxResponseBytesInMemory", 1_000_000);
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(),
                new JsonBodyWriter(new ResponseBodies(codec, 256, none, held)));
        channel.write(ok(response));
        assertEquals(codec.toBytes(response).length, held.used(), "held while the connection has not taken it");
        channel.flush();
        assertEquals(0, held.used(), "given back once written");
        Object message = channel.readOutbound();
        assertTrue(message instanceof FullHttpResponse, "head and body in one message: " + message);
        FullHttpResponse full = (FullHttpResponse) message;
        try {
            assertEquals(String.valueOf(codec.toBytes(response).length), full.headers().get(HttpHeaderNames.CONTENT_LENGTH));
            assertFalse(HttpUtil.isTransferEncodingChunked(full));
            assertEquals(new String(codec.toBytes(response), StandardCharsets.UTF_8), full.content().toString(StandardCharsets.UTF_8));
        } finally {
            full.release();
        }
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void anAnswerLongerThanOnePieceGoesThroughTheChunkedWriterAsOneBufferWithItsLength() {
        JsonRpcResultResponse response = new JsonRpcResultResponse(RequestId.of(3), ReadResourceResult.of(
                BlobResourceContents.of("mem:b", "application/octet-stream", Blob.of(ScriptedSource.bytes(1000)))));
        Budget held = Budget.of("maxResponseBytesInMemory", 1_000_000);
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(),
                new JsonBodyWriter(new ResponseBodies(codec, 256, none, held)));
        channel.writeAndFlush(ok(response));
        Wire wire = Wire.drain(channel);
        assertArrayEquals(codec.toBytes(response), wire.body.toByteArray());
        // all made and charged already: slicing it into chunkBytes would hold no less, and cost a pipeline trip each
        assertEquals(List.of(codec.toBytes(response).length), wire.chunkSizes, "one buffer, not chunkBytes slices");
        assertEquals(String.valueOf(codec.toBytes(response).length),
                wire.heads.get(0).headers().get(HttpHeaderNames.CONTENT_LENGTH));
        assertEquals(0, held.used());
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void aBlobInMemoryIsEncodedOnTheLoop() {
        JsonRpcResultResponse response = new JsonRpcResultResponse(RequestId.of(2), ReadResourceResult.of(
                BlobResourceContents.of("mem:b", "application/octet-stream", Blob.of(ScriptedSource.bytes(100_000)))));
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(),
                new JsonBodyWriter(new ResponseBodies(codec, 1024, none, UNBOUNDED)));
        channel.writeAndFlush(ok(response));
        Wire wire = Wire.drain(channel);
        assertArrayEquals(codec.toBytes(response), wire.body.toByteArray(), "written whole at once, on the loop");
        assertEquals(1, wire.lasts);
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void aFileBlobIsEncodedOffTheLoopAndEndsTheResponse(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("b.bin"), ScriptedSource.bytes(300_001));
        JsonRpcResultResponse response = new JsonRpcResultResponse(RequestId.of(3), ReadResourceResult.of(
                BlobResourceContents.of(file.toUri().toString(), "application/octet-stream", Blob.ofFile(file))));
        try (LoopChannel channel = LoopChannel.open(loop, offTheLoop())) {
            assertTrue(channel.write(ok(response)).await(10, TimeUnit.SECONDS));
            Wire wire = channel.wire();
            assertArrayEquals(codec.toBytes(response), wire.body.toByteArray());
            assertTrue(wire.chunkSizes.stream().allMatch(size -> size <= 4096), "no piece exceeds chunkBytes");
            assertEquals(1, wire.lasts);
        }
    }

    @Test
    void aStalledBlobSourceLeavesTheLoopFreeForOtherConnections() throws Exception {
        ScriptedSource source = ScriptedSource.stallingAt(0, 100_000);
        JsonRpcResultResponse stalled = new JsonRpcResultResponse(RequestId.of(4), ReadResourceResult.of(
                BlobResourceContents.of("mem:s", "application/octet-stream", Blob.ofStream(() -> source, -1))));
        JsonRpcResultResponse small = new JsonRpcResultResponse(RequestId.of(5), ReadResourceResult.of(
                TextResourceContents.of("mem:t", "text/plain", "hello")));
        try (LoopChannel first = LoopChannel.open(loop, offTheLoop());
                LoopChannel second = LoopChannel.open(loop, offTheLoop())) {
            assertEquals(first.channel().eventLoop(), second.channel().eventLoop(), "one loop serves both");
            ChannelFuture blob = first.write(ok(stalled));
            try {
                assertTrue(source.opened().await(5, TimeUnit.SECONDS), "the blob's source is being read");
                assertTrue(second.write(ok(small)).await(5, TimeUnit.SECONDS),
                        "the loop wrote another response while the blob's source stalled");
                assertArrayEquals(codec.toBytes(small), second.wire().body.toByteArray());
                assertFalse(blob.isDone(), "the blob waits for its source");
            } finally {
                source.release();
            }
            assertTrue(blob.await(10, TimeUnit.SECONDS));
            JsonRpcResultResponse expected = new JsonRpcResultResponse(RequestId.of(4), ReadResourceResult.of(
                    BlobResourceContents.of("mem:s", "application/octet-stream", Blob.of(ScriptedSource.bytes(100_000)))));
            assertArrayEquals(codec.toBytes(expected), first.wire().body.toByteArray());
            assertTrue(source.reader().getName().startsWith("jmcp-http-body-"), source.reader().getName());
        }
    }
}
