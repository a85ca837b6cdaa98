package dev.jmcp.transport.netty.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.transport.netty.LeakCheck;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LeakCheck.class)
class SseWriterTest {
    private final McpCodec codec = McpCodec.defaults();

    @Test
    void aMessageIsOneEventWithItsIdTypeAndOneDataLine() {
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), new SseWriter(codec, 256));
        JsonRpcNotification notification = new JsonRpcNotification("notifications/message", null);
        AtomicLong written = new AtomicLong();
        channel.writeAndFlush(SseEvent.message("3-7", notification, written::set));
        Wire wire = Wire.drain(channel);
        String json = new String(codec.toBytes(notification), StandardCharsets.UTF_8);
        assertEquals("id: 3-7\nevent: message\ndata: " + json + "\n\n", wire.text());
        assertEquals(0, wire.lasts, "an event does not end the response");
        assertEquals(wire.body.size(), written.get(), "the written size is reported");
        assertFalse(channel.finish());
    }

    @Test
    void aPrimingEventHasAnIdAndEmptyData() {
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), new SseWriter(codec, 256));
        channel.writeAndFlush(SseEvent.priming("1-1"));
        assertEquals("id: 1-1\ndata:\n\n", Wire.drain(channel).text());
        channel.finishAndReleaseAll();
    }

    @Test
    void aBlobIsStreamedInBoundedChunksOnOneDataLine() {
        byte[] bytes = new byte[300_000];
        Arrays.fill(bytes, (byte) 7);
        ReadResourceResult result = ReadResourceResult.of(BlobResourceContents.of("file:///b.bin",
                "application/octet-stream", Blob.ofStream(() -> new java.io.ByteArrayInputStream(bytes), -1)));
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler(), new SseWriter(codec, 1024));
        channel.writeAndFlush(SseEvent.message("2-2", new JsonRpcResultResponse(RequestId.of(1), result), null));
        Wire wire = Wire.drain(channel);
        assertTrue(wire.chunkSizes.size() > 300, "written in many pieces: " + wire.chunkSizes.size());
        assertTrue(wire.chunkSizes.stream().allMatch(size -> size <= 1024), "no piece exceeds chunkBytes");
        String text = wire.text();
        assertTrue(text.startsWith("id: 2-2\nevent: message\ndata: {"));
        String data = text.substring(text.indexOf("data: ") + 6, text.length() - 2);
        assertFalse(data.contains("\n"), "the JSON is one line");
        JsonRpcResultResponse read = (JsonRpcResultResponse) codec.read(data.getBytes(StandardCharsets.UTF_8),
                id -> "resources/read");
        BlobResourceContents contents = (BlobResourceContents) ((ReadResourceResult) read.result()).contents().get(0);
        assertTrue(Arrays.equals(bytes, contents.blob().toByteArray()));
        channel.finishAndReleaseAll();
    }

    @Test
    void otherMessagesPassThrough() {
        EmbeddedChannel channel = new EmbeddedChannel(new SseWriter(codec, 256));
        channel.writeOutbound("x");
        assertEquals("x", channel.readOutbound());
        assertFalse(channel.finish());
    }
}
