package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import java.lang.System.Logger.Level;
import java.util.Objects;

/** The end of the pipeline: a request that no handler took is for a path this server does not serve (404). */
@ChannelHandler.Sharable
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
                String path = RequestPaths.of(request.uri());
                ctx.writeAndFlush(path == null
                        ? HttpErrors.error(HttpResponseStatus.BAD_REQUEST, "the request path has a broken percent-escape",
                                codec)
                        : HttpErrors.error(HttpResponseStatus.NOT_FOUND, "nothing is served at " + path, codec));
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
