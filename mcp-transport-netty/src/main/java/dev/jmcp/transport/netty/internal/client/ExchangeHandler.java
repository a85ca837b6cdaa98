package dev.jmcp.transport.netty.internal.client;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;

/**
 * The last handler of a {@link PostClient} connection: hands the answer's head and pieces to the
 * exchange the connection carries now, and the connection back to the pool when the answer is
 * complete. Runs on the event loop only.
 */
final class ExchangeHandler extends ChannelInboundHandlerAdapter {
    private final PostClient client;
    private PostExchange exchange;

    ExchangeHandler(PostClient client) {
        this.client = client;
    }

    /** The connection carries {@code next} now; the request is being written. */
    void begin(PostExchange next) {
        exchange = next;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        try {
            PostExchange current = exchange;
            if (current == null || !(message instanceof HttpObject http)) {
                ctx.close(); // bytes no request asked for: the connection cannot be trusted
                return;
            }
            if (http.decoderResult().isFailure()) {
                fail(ctx, http.decoderResult().cause());
                return;
            }
            if (http instanceof HttpResponse response) {
                if (response.status().code() / 100 == 1) {
                    return; // 100 Continue and the like: the answer follows
                }
                current.head(response, ctx.channel());
            }
            if (http instanceof HttpContent content) {
                current.content(content.content());
            }
            if (http instanceof LastHttpContent) {
                exchange = null;
                if (current.end()) {
                    client.release(ctx.channel());
                } else {
                    ctx.close();
                }
            }
        } finally {
            ReferenceCountUtil.release(message);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        PostExchange current = exchange;
        if (current != null) {
            current.readComplete();
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        client.closed(ctx.channel());
        PostExchange current = exchange;
        exchange = null;
        if (current != null) {
            current.broken(new IOException("the connection closed before the answer was complete"));
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ctx, cause);
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
        PostExchange current = exchange;
        exchange = null;
        if (current != null) {
            current.broken(cause);
        }
        ctx.close();
    }
}
