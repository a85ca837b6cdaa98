package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.HttpServerSettings;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import java.lang.System.Logger.Level;
import java.util.Objects;

/**
 * Answers what the HTTP decoder could not read, right after it, so that no later handler takes
 * the decoder's stand-in message for a request: a request line over {@code maxInitialLineBytes}
 * gets 414, headers over {@code maxHeaderBytes} get 431, anything else malformed gets 400, each
 * with a JSON-RPC error without an id. The connection is then closed, since the decoder may have
 * lost its place in the byte stream; anything read after the failure is dropped.
 */
public final class DecoderFailureHandler extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(DecoderFailureHandler.class.getName());

    private final HttpServerSettings settings;
    private final McpCodec codec;
    private boolean failed;

    /** @param settings the limits the decoder was built with, named in the answers; never null */
    public DecoderFailureHandler(HttpServerSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.codec = settings.codec();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (failed) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (!(msg instanceof DecoderResultProvider provider) || !provider.decoderResult().isFailure()) {
            ctx.fireChannelRead(msg);
            return;
        }
        failed = true;
        Throwable cause = provider.decoderResult().cause();
        ReferenceCountUtil.release(msg);
        LOG.log(Level.DEBUG, "refused an unreadable request: {0}", cause.toString());
        if (cause instanceof TooLongHttpLineException) {
            refuse(ctx, HttpResponseStatus.REQUEST_URI_TOO_LONG, "the request line is longer than maxInitialLineBytes="
                    + settings.maxInitialLineBytes());
        } else if (cause instanceof TooLongHttpHeaderException) {
            refuse(ctx, HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "the request's headers are larger than "
                    + "maxHeaderBytes=" + settings.maxHeaderBytes());
        } else {
            refuse(ctx, HttpResponseStatus.BAD_REQUEST, "not a valid HTTP/1.1 request: " + cause.getMessage());
        }
    }

    private void refuse(ChannelHandlerContext ctx, HttpResponseStatus status, String message) {
        HttpErrors.sendAndClose(ctx, HttpErrors.error(status, message, codec));
    }
}
