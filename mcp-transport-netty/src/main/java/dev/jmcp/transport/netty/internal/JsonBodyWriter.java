package dev.jmcp.transport.netty.internal;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.stream.ChunkedInput;
import java.io.IOException;
import java.util.Objects;

/**
 * Writes a {@link JsonBody} as the chunked body of an {@code application/json} response and ends
 * the response. The JSON is encoded as the connection drains ({@link ResponseBodies} decides
 * whether on the event loop or off it). Everything else passes through.
 */
public final class JsonBodyWriter extends ChannelOutboundHandlerAdapter {
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
            json = bodies.of(ctx, body.payload(), true);
        } catch (IOException | RuntimeException e) {
            promise.setFailure(e);
            ctx.close();
            return;
        }
        ctx.write(json, promise.unvoid()).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }
}
