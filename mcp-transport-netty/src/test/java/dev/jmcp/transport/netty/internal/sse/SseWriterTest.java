package dev.jmcp.transport.netty.internal.sse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.ScriptedSource;
import dev.jmcp.transport.netty.internal.Leftovers;
import dev.jmcp.transport.netty.internal.LoopChannel;
import dev.jmcp.transport.netty.internal.Wire;
import dev.jmcp.transport.netty.internal.body.BodyProducers;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.transport.netty.internal.body.ResponseBodies;
import dev.jmcp.transport.netty.internal.session.EventRecording;
import dev.jmcp.transport.netty.internal.session.KeptEvent;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.transport.netty.internal.server.ResponseHeads;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.util.Arrays;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LeakCheck.class)
class SseWriterTest {
    private static final Budget UNBOUNDED = Budget.of("maxResponseBytesInMemory", Long.MAX_VALUE);
    private final McpCodec codec = McpCodec.defaults();
    private final BodyProducers producers = new BodyProducers(2);
    /** Encodes nothing off the loop: a body that tried would fail. */
    private final BodyProducers none = new BodyProducers(1);
    private final EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    private final Budget budget = Budget.of("maxReplayBytes", Long.MAX_VALUE);
    private final AtomicReference<KeptEvent> kept = new AtomicReference<>();

    SseWriterTest() {
        none.close();
    }

    @AfterEach
    void stop() {
        producers.close();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private SseWriter onTheLoop(int chunkBytes) {
        return new SseWriter(new ResponseBodies(codec, chunkBytes, none, UNBOUNDED));
    }

    @Test
    void aMessageIsOneEventWithItsIdTypeAndOneDataLine() throws Exception {
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), onTheLoop(256));
        JsonRpcNotification notification = new JsonRpcNotification("notifications/message", null);
        channel.writeAndFlush(SseEvent.message("3-7", notification, recording()));
        Wire wire = Wire.drain(channel);
        String json = new String(codec.toBytes(notification), StandardCharsets.UTF_8);
        assertEquals("id: 3-7\nevent: message\ndata: " + json + "\n\n", wire.text());
        assertEquals(0, wire.lasts, "an event does not end the response");
        assertKeptAsWritten(wire);
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void aPrimingEventHasAnIdAndEmptyData() {
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), onTheLoop(256));
        channel.writeAndFlush(SseEvent.priming("1-1"));
        assertEquals("id: 1-1\ndata:\n\n", Wire.drain(channel).text());
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void aBlobInMemoryIsEncodedOnTheLoopAndWrittenAsOnePieceOnOneDataLine() {
        byte[] bytes = ScriptedSource.bytes(300_000);
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), onTheLoop(1024));
        channel.writeAndFlush(SseEvent.message("2-2", read(Blob.of(bytes)), null));
        Wire wire = Wire.drain(channel);
        assertEquals(1, wire.chunkSizes.size(), "its bytes are all made already: slicing them would only cost");
        assertBlobEvent(wire, bytes);
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void aBlobFromAStreamIsEncodedOffTheLoopInBoundedChunksOnOneDataLine() throws Exception {
        ScriptedSource source = ScriptedSource.of(300_000);
        try (LoopChannel channel = LoopChannel.open(loop,
                new SseWriter(new ResponseBodies(codec, 1024, producers, UNBOUNDED)))) {
            assertTrue(channel.write(SseEvent.message("2-2", read(Blob.ofStream(() -> source, -1)), recording()))
                    .await(10, TimeUnit.SECONDS));
            Wire wire = channel.wire();
            assertBoundedPieces(wire, 300_000, 1024);
            assertBlobEvent(wire, ScriptedSource.bytes(300_000));
            assertKeptAsWritten(wire);
            assertTrue(source.reader().getName().startsWith("jmcp-http-body-"), source.reader().getName());
        }
    }

    @Test
    void aWholeResponseOfOnePieceIsOneMessageWithItsLengthAndKeepsItsEventForReplay() throws Exception {
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), onTheLoop(256));
        JsonRpcResultResponse answer = new JsonRpcResultResponse(RequestId.of(4), EmptyResult.of());
        channel.writeAndFlush(new SseResponse(ResponseHeads.eventStream(), SseEvent.priming("1-1"),
                SseEvent.message("1-2", answer, recording()).ending()));
        Object first = channel.readOutbound();
        assertTrue(first instanceof FullHttpResponse, "one message: " + first);
        Wire wire = Wire.empty();
        wire.record(first);
        assertNull(channel.readOutbound(), "nothing after it");
        String event = "id: 1-2\nevent: message\ndata: " + new String(codec.toBytes(answer), StandardCharsets.UTF_8) + "\n\n";
        assertEquals("id: 1-1\ndata:\n\n" + event, wire.text());
        HttpResponse head = wire.heads.get(0);
        assertEquals(String.valueOf(wire.body.size()), head.headers().get(HttpHeaderNames.CONTENT_LENGTH));
        assertFalse(HttpUtil.isTransferEncodingChunked(head));
        assertEquals(1, wire.lasts, "it ends the response");
        assertArrayEquals(event.getBytes(StandardCharsets.UTF_8), kept.get().open().readAllBytes(),
                "the event is kept for replay, without the priming event");
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void aWholeResponseLargerThanAPieceGoesChunkedAsOneBufferAfterItsHeadAndPrimingEvent() throws Exception {
        byte[] bytes = ScriptedSource.bytes(300_000);
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), onTheLoop(1024));
        channel.writeAndFlush(new SseResponse(ResponseHeads.eventStream(), SseEvent.priming("2-1"),
                SseEvent.message("2-2", read(Blob.of(bytes)), recording()).ending()));
        Wire wire = Wire.drain(channel);
        assertEquals(1, wire.heads.size());
        assertTrue(HttpUtil.isTransferEncodingChunked(wire.heads.get(0)));
        assertTrue(wire.text().startsWith("id: 2-1\ndata:\n\nid: 2-2\nevent: message\ndata: {"), wire.text().substring(0, 80));
        assertEquals(1, wire.lasts, "it ends the response");
        byte[] all = wire.body.toByteArray();
        byte[] event = Arrays.copyOfRange(all, "id: 2-1\ndata:\n\n".length(), all.length);
        assertTrue(wire.chunkSizes.contains(event.length), "the event encoded whole leaves as one buffer: " + wire.chunkSizes);
        assertArrayEquals(event, kept.get().open().readAllBytes(), "the event is kept for replay as written");
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void otherMessagesPassThrough() {
        EmbeddedChannel channel = new EmbeddedChannel(onTheLoop(256));
        channel.writeOutbound("x");
        assertEquals("x", channel.readOutbound());
        Leftovers.assertNoneLeft(channel);
    }

    @Test
    void aKeptEventIsWrittenAgainAsItWasSent() throws Exception {
        byte[] bytes = ScriptedSource.bytes(3000);
        KeptEvent event = new KeptEvent(java.util.List.of(bytes, new byte[] {'\n', '\n'}), bytes.length + 2);
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), onTheLoop(1024));
        channel.writeAndFlush(event);
        Wire wire = Wire.drain(channel);
        assertArrayEquals(event.open().readAllBytes(), wire.body.toByteArray());
        assertEquals(0, wire.lasts, "an event does not end the response");
        Leftovers.assertNoneLeft(channel);
    }

    private EventRecording recording() {
        return new EventRecording(budget, Long.MAX_VALUE, done -> kept.set(done.take()));
    }

    /** The copy taken for replay is the bytes on the wire, and they are what the budget counts. */
    private void assertKeptAsWritten(Wire wire) throws Exception {
        assertArrayEquals(wire.body.toByteArray(), kept.get().open().readAllBytes());
        assertEquals(wire.body.size(), budget.used());
    }

    private static JsonRpcResultResponse read(Blob blob) {
        return new JsonRpcResultResponse(RequestId.of(1), ReadResourceResult.of(BlobResourceContents.of(
                "file:///b.bin", "application/octet-stream", blob)));
    }

    private static void assertBoundedPieces(Wire wire, int length, int chunkBytes) {
        assertTrue(wire.chunkSizes.size() > length / chunkBytes, "written in many pieces: " + wire.chunkSizes.size());
        assertTrue(wire.chunkSizes.stream().allMatch(size -> size <= chunkBytes), "no piece exceeds chunkBytes");
    }

    private void assertBlobEvent(Wire wire, byte[] bytes) {
        assertEquals(0, wire.lasts, "an event does not end the response");
        String text = wire.text();
        assertTrue(text.startsWith("id: 2-2\nevent: message\ndata: {"));
        assertTrue(text.endsWith("}\n\n"));
        String data = text.substring(text.indexOf("data: ") + 6, text.length() - 2);
        assertFalse(data.contains("\n"), "the JSON is one line");
        JsonRpcResultResponse read = (JsonRpcResultResponse) codec.read(data.getBytes(StandardCharsets.UTF_8),
                id -> "resources/read");
        BlobResourceContents contents = (BlobResourceContents) ((ReadResourceResult) read.result()).contents().get(0);
        assertArrayEquals(bytes, contents.blob().toByteArray());
    }
}
