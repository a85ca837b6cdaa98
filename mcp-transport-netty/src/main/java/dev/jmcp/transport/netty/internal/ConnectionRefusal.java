package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import java.util.Objects;

/**
 * The whole pipeline, after an HTTP encoder, of a connection beyond {@code maxConnections}: as soon
 * as it opens it gets 503 with a JSON-RPC error naming the setting, without waiting for its
 * request, and is closed once that has been written. What the client sends is dropped.
 */
public final class ConnectionRefusal extends ChannelInboundHandlerAdapter {
    private final int maxConnections;
    private final McpCodec codec;

    /**
     * @param maxConnections the setting, named in the answer
     * @param codec          writes the answer's body; never null
     */
    public ConnectionRefusal(int maxConnections, McpCodec codec) {
        this.maxConnections = maxConnections;
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        HttpErrors.sendAndClose(ctx, HttpErrors.error(HttpResponseStatus.SERVICE_UNAVAILABLE, ErrorCodes.INTERNAL_ERROR,
                "too many connections: maxConnections=" + maxConnections + "; try again later", codec));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ReferenceCountUtil.release(msg);
    }
}
