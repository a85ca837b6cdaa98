package dev.jmcp.transport.netty.internal.auth;

import dev.jmcp.transport.netty.internal.server.HttpErrors;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Refuses a request to a protected endpoint that carries no bearer token at all (or a malformed
 * {@code Authorization}) on its head, before its body is read: a client without a token must not
 * make the server buffer up to {@code maxMessageBytes} of body, nor spend the server-wide
 * {@code maxBufferedRequestBytes} that requests with tokens need. The body of the refused request is
 * dropped and the connection closed after the answer, as {@code HostOriginFilter} does. Requests
 * with a token go on to the aggregator and then to {@link AuthGate}, which verifies it. Keeps
 * whether a refused body is being dropped, so each connection has its own.
 */
public final class TokenPresence extends ChannelInboundHandlerAdapter {
    private final AuthGate gate;
    private boolean discarding;

    /** @param gate the server's gate, whose challenges this sends */
    public TokenPresence(AuthGate gate) {
        this.gate = gate;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request) {
            FullHttpResponse refusal = gate.refusalOnHead(request);
            if (refusal == null) {
                discarding = false;
                ctx.fireChannelRead(msg);
                return;
            }
            discarding = !(msg instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            HttpErrors.sendAndClose(ctx, refusal);
            return;
        }
        if (discarding && msg instanceof HttpContent content) {
            discarding = !(content instanceof LastHttpContent);
            content.release();
            return;
        }
        ctx.fireChannelRead(msg);
    }
}
