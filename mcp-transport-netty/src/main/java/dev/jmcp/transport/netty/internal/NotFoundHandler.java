package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.codec.McpCodec;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;
import java.lang.System.Logger.Level;
import java.util.Objects;

/** The end of the pipeline: a request that no handler took is for a path this server does not serve (404). */
public final class NotFoundHandler extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(NotFoundHandler.class.getName());

    private final McpCodec codec;

    /** @param codec writes the error body; never null */
    public NotFoundHandler(McpCodec codec) {
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest request) {
                ctx.writeAndFlush(HttpErrors.error(HttpResponseStatus.NOT_FOUND, "nothing is served at "
                        + new QueryStringDecoder(request.uri()).path(), codec));
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.log(Level.DEBUG, "closing a connection after an error", cause);
        ctx.close();
    }
}
