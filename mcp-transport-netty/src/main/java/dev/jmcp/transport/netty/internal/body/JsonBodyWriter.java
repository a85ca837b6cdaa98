package dev.jmcp.transport.netty.internal.body;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.stream.ChunkedInput;
import java.io.IOException;
import java.util.Objects;

/**
 * Writes a {@link JsonBody}: its head, and its message as the body of an {@code application/json}
 * response, which ends the response. {@link ResponseBodies} decides where the JSON is encoded: a
 * message encoded whole on the event loop goes with a {@code Content-Length} (in one message with
 * its head when it is one piece); one encoded off the loop as the connection drains (it reads a
 * blob's source) goes chunked. Everything else passes
 * through.
 */
@ChannelHandler.Sharable
public final class JsonBodyWriter extends ChannelOutboundHandlerAdapter {
    private static final byte[] NOTHING = new byte[0];

    private final ResponseBodies bodies;

    /** @param bodies makes the bodies; never null */
    public JsonBodyWriter(ResponseBodies bodies) {
        this.bodies = Objects.requireNonNull(bodies, "bodies");
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof JsonBody body)) {
            ctx.write(msg, promise);
            return;
        }
        ChunkedInput<HttpContent> json;
        try {
            ResponseBodies.Whole whole = bodies.whole(ctx, NOTHING, body.payload(), NOTHING);
            if (whole != null && whole.onePiece()) {
                writeFull(ctx, body.head(), whole, promise);
                return;
            }
            json = whole != null ? whole.pieces(true) : bodies.of(ctx, body.payload(), true);
        } catch (IOException | RuntimeException e) {
            promise.setFailure(e);
            ctx.close();
            return;
        }
        HttpResponse head = body.head();
        if (json.length() >= 0) {
            HttpUtil.setTransferEncodingChunked(head, false);
            HttpUtil.setContentLength(head, json.length());
        }
        ctx.write(head, ctx.voidPromise());
        ctx.write(json, promise.unvoid()).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    /**
     * Writes an answer of one piece with its head as one message: the codec encodes it into one
     * buffer, with no {@link io.netty.handler.stream.ChunkedWriteHandler} pulling and no promise per
     * piece. Its share of the budget goes back once the connection has taken it.
     */
    private static void writeFull(ChannelHandlerContext ctx, HttpResponse head, ResponseBodies.Whole whole,
            ChannelPromise promise) {
        HttpUtil.setTransferEncodingChunked(head, false);
        HttpUtil.setContentLength(head, whole.bytes().readableBytes());
        FullHttpResponse full = new DefaultFullHttpResponse(head.protocolVersion(), head.status(), whole.bytes(),
                head.headers(), EmptyHttpHeaders.INSTANCE);
        ctx.write(full, promise.unvoid()).addListener(future -> {
            whole.giveBack();
            if (!future.isSuccess()) {
                ctx.close();
            }
        });
    }
}
