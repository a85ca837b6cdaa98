package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.codec.McpCodec;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * Writes a {@link JsonBody} as the chunked body of an {@code application/json} response and ends
 * the response. The JSON is encoded lazily and written as the connection drains. Everything else
 * passes through.
 */
public final class JsonBodyWriter extends ChannelOutboundHandlerAdapter {
    private final McpCodec codec;
    private final int chunkBytes;

    /**
     * @param codec      encodes the messages; never null
     * @param chunkBytes the most bytes written per piece
     */
    public JsonBodyWriter(McpCodec codec, int chunkBytes) {
        this.codec = Objects.requireNonNull(codec, "codec");
        this.chunkBytes = chunkBytes;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof JsonBody body)) {
            ctx.write(msg, promise);
            return;
        }
        InputStream json;
        try {
            json = codec.encode(body.payload());
        } catch (IOException | RuntimeException e) {
            promise.setFailure(e);
            ctx.close();
            return;
        }
        ctx.write(new HttpContentInput(json, chunkBytes, true, null), promise.unvoid())
                .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }
}
