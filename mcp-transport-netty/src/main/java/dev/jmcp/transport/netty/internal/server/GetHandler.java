package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.transport.netty.internal.headers.McpHeaders;
import dev.jmcp.transport.netty.internal.headers.MediaTypes;
import dev.jmcp.transport.netty.internal.session.HttpSession;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Objects;

/**
 * Opens a session's server-to-client SSE stream for a GET to the MCP endpoint, which must accept
 * {@code text/event-stream} (else 406). With {@code Last-Event-ID} it resumes the stream that id
 * belongs to when the session can still replay it (see {@link HttpSession#attachGet}), and 410
 * naming {@code replayBufferEvents} when that stream's later events are no longer kept; a second
 * GET while the standalone stream is open gets 409.
 */
@ChannelHandler.Sharable
public final class GetHandler extends ChannelInboundHandlerAdapter {
    private final ServerContext context;

    /** @param context the server's shared state; never null */
    public GetHandler(ServerContext context) {
        this.context = Objects.requireNonNull(context, "context");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof McpExchange exchange) || !exchange.request().method().equals(HttpMethod.GET)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            String accept = exchange.request().headers().get(HttpHeaderNames.ACCEPT);
            if (!MediaTypes.accepts(accept, McpHeaders.EVENT_STREAM)) {
                refuse(ctx, HttpResponseStatus.NOT_ACCEPTABLE,
                        "a GET must accept text/event-stream; Accept was " + accept);
                return;
            }
            String lastEventId = exchange.request().headers().get(McpHeaders.LAST_EVENT_ID);
            switch (exchange.session().attachGet(ctx.channel(), lastEventId)) {
                case ATTACHED -> {
                }
                case CONFLICT -> refuse(ctx, HttpResponseStatus.CONFLICT,
                        "the session's stream is already open on another connection");
                case ENDED -> refuse(ctx, HttpResponseStatus.NOT_FOUND,
                        "session " + exchange.session().id() + " has ended");
                case GONE -> refuse(ctx, HttpResponseStatus.GONE, "Last-Event-ID " + lastEventId + " names an "
                        + "event after which the session no longer keeps its stream's events: a session keeps at most "
                        + "replayBufferEvents=" + context.settings().replayBufferEvents() + " events for replay");
                default -> throw new AssertionError();
            }
        } finally {
            exchange.release();
        }
    }

    private void refuse(ChannelHandlerContext ctx, HttpResponseStatus status, String message) {
        ctx.writeAndFlush(HttpErrors.error(status, message, context.codec()));
    }
}
