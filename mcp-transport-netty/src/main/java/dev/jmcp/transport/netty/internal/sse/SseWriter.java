package dev.jmcp.transport.netty.internal.sse;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.internal.body.ResponseBodies;
import dev.jmcp.transport.netty.internal.session.EventRecording;
import dev.jmcp.transport.netty.internal.session.KeptEvent;
import dev.jmcp.transport.netty.internal.session.RecordingInput;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.stream.ChunkedInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Writes {@link SseEvent}s as {@code text/event-stream} content. A message's JSON is the one
 * {@code data:} line of its event, encoded as the connection drains ({@link ResponseBodies} decides
 * whether on the event loop or off it) and written in chunks (our JSON never holds a raw line
 * break, so one line is always enough); an event with an {@link EventRecording} is copied as it
 * goes; an event marked {@link SseEvent#last()} ends the response in its last piece. A
 * {@link SseResponse} is a whole response at once. A {@link KeptEvent} is written again as it was
 * sent. Everything else passes through.
 */
@ChannelHandler.Sharable
public final class SseWriter extends ChannelOutboundHandlerAdapter {
    private static final byte[] END = "\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NOTHING = new byte[0];
    private static final byte[] COMMENT = ":\n\n".getBytes(StandardCharsets.US_ASCII);

    private final ResponseBodies bodies;

    /** @param bodies makes the bodies; never null */
    public SseWriter(ResponseBodies bodies) {
        this.bodies = Objects.requireNonNull(bodies, "bodies");
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof KeptEvent kept) {
            ctx.write(bodies.of(kept.open(), false), promise.unvoid())
                    .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
            return;
        }
        if (msg instanceof SseResponse response) {
            writeWhole(ctx, response, promise);
            return;
        }
        if (!(msg instanceof SseEvent event)) {
            ctx.write(msg, promise);
            return;
        }
        if (event.payload() == null) {
            ByteBuf bytes = Unpooled.wrappedBuffer(head(event), event.text().getBytes(StandardCharsets.UTF_8), END);
            ctx.write(event.last() ? new DefaultLastHttpContent(bytes) : new DefaultHttpContent(bytes), promise.unvoid())
                    .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
            return;
        }
        writeEvent(ctx, event, promise);
    }

    /** Writes an event that holds a message, in pieces as {@link ResponseBodies#of} makes them. */
    private void writeEvent(ChannelHandlerContext ctx, SseEvent event, ChannelPromise promise) {
        ChunkedInput<HttpContent> whole;
        try {
            whole = bodies.of(ctx, head(event), event.payload(), END, event.last());
        } catch (IOException | RuntimeException e) {
            if (event.recording() != null) {
                event.recording().abandoned();
            }
            promise.setFailure(e);
            return;
        }
        if (event.recording() != null) {
            whole = new RecordingInput(whole, event.recording());
        }
        // a failure half-way leaves a broken event on the wire: the client must reconnect
        ctx.write(whole, promise.unvoid()).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    /**
     * Writes a whole response: when its event is encoded in one piece, as one message with a
     * {@code Content-Length} (no chunked framing, no pulling by the ChunkedWriteHandler, one
     * promise), its bytes kept for replay as they are handed over, and its share of
     * {@code maxResponseBytesInMemory} given back once written; otherwise the head, the priming
     * event and the event in pieces, as separate writes would have sent them.
     */
    private void writeWhole(ChannelHandlerContext ctx, SseResponse response, ChannelPromise promise) {
        SseEvent event = response.event();
        EventRecording recording = event.recording();
        byte[] priming = response.priming() == null ? NOTHING : textEventBytes(response.priming());
        byte[] eventHead = head(event);
        // the priming event and the event's head before the message, in the one buffer it is encoded into
        byte[] before = Arrays.copyOf(priming, priming.length + eventHead.length);
        System.arraycopy(eventHead, 0, before, priming.length, eventHead.length);
        ResponseBodies.Whole whole;
        try {
            whole = bodies.whole(ctx, before, event.payload(), END);
        } catch (IOException | RuntimeException e) {
            ctx.write(response.head(), ctx.voidPromise());
            if (priming.length > 0) {
                ctx.write(new DefaultHttpContent(Unpooled.wrappedBuffer(priming)), ctx.voidPromise());
            }
            if (recording != null) {
                recording.abandoned();
            }
            promise.setFailure(e); // what the event would have been is not sent
            return;
        }
        if (whole == null) {
            // encoded off the loop (a long listing): the head and the priming event, then the event as it is made
            ctx.write(response.head(), ctx.voidPromise());
            if (priming.length > 0) {
                ctx.write(new DefaultHttpContent(Unpooled.wrappedBuffer(priming)), ctx.voidPromise());
            }
            writeEvent(ctx, event, promise);
            return;
        }
        ByteBuf bytes = whole.bytes();
        if (whole.onePiece()) {
            if (recording != null) {
                RecordingInput.recordWhole(recording, bytes.slice(priming.length, bytes.readableBytes() - priming.length));
            }
            HttpResponse head = response.head();
            HttpUtil.setTransferEncodingChunked(head, false);
            HttpUtil.setContentLength(head, bytes.readableBytes());
            ctx.write(new DefaultFullHttpResponse(head.protocolVersion(), head.status(), bytes, head.headers(),
                    EmptyHttpHeaders.INSTANCE), promise.unvoid()).addListener(future -> {
                        whole.giveBack();
                        if (!future.isSuccess()) {
                            ctx.close();
                        }
                    });
            return;
        }
        ctx.write(response.head(), ctx.voidPromise());
        if (priming.length > 0) {
            ctx.write(new DefaultHttpContent(bytes.readRetainedSlice(priming.length)), ctx.voidPromise());
        }
        ChunkedInput<HttpContent> body = whole.pieces(true);
        if (recording != null) {
            body = new RecordingInput(body, recording);
        }
        ctx.write(body, promise.unvoid()).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    private static byte[] textEventBytes(SseEvent event) {
        byte[] head = head(event);
        byte[] text = event.text().getBytes(StandardCharsets.UTF_8);
        byte[] all = Arrays.copyOf(head, head.length + text.length + END.length);
        System.arraycopy(text, 0, all, head.length, text.length);
        System.arraycopy(END, 0, all, head.length + text.length, END.length);
        return all;
    }

    /**
     * @return an empty comment, which carries no event: written to a quiet stream so that proxies
     *         and clients with idle timeouts see it is alive
     */
    public static HttpContent comment() {
        return new DefaultHttpContent(Unpooled.wrappedBuffer(COMMENT));
    }

    /**
     * @return the bytes of a message event as this writer writes it, encoded on the caller's thread
     *         as they are read: for an event kept before any connection carries it. A blob's source
     *         is read on that thread too
     */
    public static InputStream bytes(SseEvent event, McpCodec codec) throws IOException {
        return ResponseBodies.framed(head(event), codec.encode(event.payload()), END);
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
