package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.core.spi.Budget;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.util.Objects;

/**
 * The whole pipeline, after an HTTP encoder, of a connection beyond {@code maxConnections}: as soon
 * as it opens it gets 503 with {@code Retry-After} and a JSON-RPC error naming the setting, without
 * waiting for its request (reading it is what a flood of connections would make the server wait
 * for), and is closed once that has been written. What the client sends is dropped.
 */
@ChannelHandler.Sharable
public final class ConnectionRefusal extends ChannelInboundHandlerAdapter {
    private final Budget connections;
    private final McpCodec codec;

    /**
     * @param connections the spent budget of open connections, named in the answer; never null
     * @param codec       writes the answer's body; never null
     */
    public ConnectionRefusal(Budget connections, McpCodec codec) {
        this.connections = Objects.requireNonNull(connections, "connections");
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        HttpErrors.sendAndClose(ctx,
                HttpErrors.busy("too many connections: " + connections + "; try again later", codec));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ReferenceCountUtil.release(msg);
    }
}
