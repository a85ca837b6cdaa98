package dev.jmcp.transport.netty.internal.server;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Ends the session a DELETE to the MCP endpoint names: its streams end, its transport closes (so
 * the server session closes), and later requests with its id get 404. Answers 200 without a body.
 */
@ChannelHandler.Sharable
public final class DeleteHandler extends ChannelInboundHandlerAdapter {

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof McpExchange exchange) || !exchange.request().method().equals(HttpMethod.DELETE)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            exchange.session().close();
            ctx.writeAndFlush(HttpErrors.empty(HttpResponseStatus.OK));
        } finally {
            exchange.release();
        }
    }
}
