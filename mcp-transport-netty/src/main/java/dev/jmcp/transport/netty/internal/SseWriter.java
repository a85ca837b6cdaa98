package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.codec.McpCodec;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * Writes {@link SseEvent}s as {@code text/event-stream} content. A message's JSON is the one
 * {@code data:} line of its event, encoded lazily from the codec's stream and written in chunks as
 * the connection drains (our JSON never holds a raw line break, so one line is always enough).
 * Everything else passes through.
 */
public final class SseWriter extends ChannelOutboundHandlerAdapter {
    private static final byte[] END = "\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] COMMENT = ":\n\n".getBytes(StandardCharsets.US_ASCII);

    private final McpCodec codec;
    private final int chunkBytes;

    /**
     * @param codec      encodes the messages; never null
     * @param chunkBytes the most bytes written per piece
     */
    public SseWriter(McpCodec codec, int chunkBytes) {
        this.codec = Objects.requireNonNull(codec, "codec");
        this.chunkBytes = chunkBytes;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof SseEvent event)) {
            ctx.write(msg, promise);
            return;
        }
        InputStream body;
        try {
            body = event.payload() != null ? codec.encode(event.payload())
                    : new ByteArrayInputStream(event.text().getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            promise.setFailure(e);
            return;
        }
        InputStream whole = new SequenceInputStream(java.util.Collections.enumeration(List.of(
                new ByteArrayInputStream(head(event)), body, new ByteArrayInputStream(END))));
        // a failure half-way leaves a broken event on the wire: the client must reconnect
        ctx.write(new HttpContentInput(whole, chunkBytes, false, event.onWritten()), promise.unvoid())
                .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    /**
     * @return an empty comment, which carries no event: written to a quiet stream so that proxies
     *         and clients with idle timeouts see it is alive
     */
    public static HttpContent comment() {
        return new DefaultHttpContent(Unpooled.wrappedBuffer(COMMENT));
    }

    static byte[] head(SseEvent event) {
        StringBuilder head = new StringBuilder(64);
        if (event.id() != null) {
            head.append("id: ").append(event.id()).append('\n');
        }
        if (event.event() != null) {
            head.append("event: ").append(event.event()).append('\n');
        }
        head.append(event.text() != null && event.text().isEmpty() ? "data:" : "data: ");
        return head.toString().getBytes(StandardCharsets.UTF_8);
    }
}
