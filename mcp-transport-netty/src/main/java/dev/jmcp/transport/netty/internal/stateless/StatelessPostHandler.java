package dev.jmcp.transport.netty.internal.stateless;

import dev.jmcp.core.internal.transport.Era;
import dev.jmcp.core.internal.transport.StatelessMeta;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.transport.netty.internal.auth.RequestPrincipal;
import dev.jmcp.transport.netty.internal.headers.HeaderValues;
import dev.jmcp.transport.netty.internal.headers.McpHeaders;
import dev.jmcp.transport.netty.internal.headers.StatelessHeaders;
import dev.jmcp.transport.netty.internal.headers.ToolParamCheck;
import dev.jmcp.transport.netty.internal.server.HttpErrors;
import dev.jmcp.transport.netty.internal.server.PostBodies;
import dev.jmcp.transport.netty.internal.server.RemovedMethods;
import dev.jmcp.transport.netty.internal.server.ServerContext;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.lang.System.Logger.Level;
import java.util.Objects;

/**
 * Serves the POSTs of the stateless era (2026-07-28), which need no session: their
 * {@code Mcp-Session-Id} and {@code Last-Event-ID} are ignored, and none is ever sent back. In
 * order, with every error after the body has been read carrying the request's id:
 * <ol>
 *   <li>the media types (406, 415) and a body the codec can read (400 with its error; but see
 *       {@link RemovedMethods}), holding one request or notification (400, -32600, for a batch or a
 *       response);</li>
 *   <li>the headers against the body ({@link StatelessHeaders}: 400 with -32020, -32602 or
 *       -32022); the {@code Mcp-Param-*} headers of a {@code tools/call} are checked by the
 *       exchange ({@link ToolParamCheck}), once the server has said which tools it has;</li>
 *   <li>a request then gets a {@link StatelessExchange} of its own, handed to the server like a
 *       connection, which serves it without a session (and refuses a revision it does not speak,
 *       -32022);</li>
 *   <li>a notification gets 202 when it names a revision the server speaks statelessly (400,
 *       -32022, otherwise); nothing receives it, since 2026-07-28 defines no client notification
 *       over HTTP (closing the response stream is what cancels a request).</li>
 * </ol>
 */
@ChannelHandler.Sharable
public final class StatelessPostHandler extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(StatelessPostHandler.class.getName());

    private final ServerContext context;

    /** @param context the server's shared state; never null */
    public StatelessPostHandler(ServerContext context) {
        this.context = Objects.requireNonNull(context, "context");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof StatelessPost post)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            serve(ctx, post.request(), post.payload());
        } finally {
            post.release();
        }
    }

    private void serve(ChannelHandlerContext ctx, FullHttpRequest request, JsonRpcPayload read) {
        JsonRpcPayload payload = read;
        if (payload == null) {
            FullHttpResponse refusal = PostBodies.refusal(request, context.codec());
            if (refusal != null) {
                ctx.writeAndFlush(refusal);
                return;
            }
            try {
                payload = PostBodies.read(request, PendingRequests.NONE, context.codec());
            } catch (ProtocolException e) {
                payload = RemovedMethods.withRawParams(request.content(), e);
                if (payload == null) {
                    refuse(ctx, e);
                    return;
                }
            }
        }
        if (payload instanceof JsonRpcNotification notification) {
            accept(ctx, request, notification);
            return;
        }
        if (!(payload instanceof JsonRpcRequest call)) {
            refuse(ctx, new ProtocolException(ErrorCodes.INVALID_REQUEST, "a POST of the stateless revisions "
                    + Era.STATELESS_VERSIONS + " carries one request or notification, not a batch or a "
                    + "response"));
            return;
        }
        ProtocolException mismatch = StatelessHeaders.check(request.headers(), call);
        if (mismatch != null) {
            refuse(ctx, mismatch);
            return;
        }
        StatelessExchange exchange = new StatelessExchange(ctx.channel(), call, context, RequestPrincipal.of(ctx),
                ToolParamCheck.keep(request.headers(), call));
        try {
            context.onSession().accept(exchange);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the server refused " + exchange, e);
            exchange.close();
            return;
        }
        exchange.deliver();
    }

    private void accept(ChannelHandlerContext ctx, FullHttpRequest request, JsonRpcNotification notification) {
        String version = HeaderValues.trim(request.headers().get(McpHeaders.PROTOCOL_VERSION));
        if (version == null) {
            ProtocolException malformed = StatelessMeta.check(StatelessMeta.of(notification.params()));
            if (malformed != null) {
                refuse(ctx, malformed);
                return;
            }
            version = StatelessMeta.protocolVersion(StatelessMeta.of(notification.params()));
        }
        if (!Era.servedStatelessly(version)) {
            refuse(ctx, StatelessMeta.unsupportedVersion(version));
            return;
        }
        LOG.log(Level.DEBUG, "accepted and dropped {0}: {1} defines no notification from a client over HTTP",
                notification.method(), version);
        ctx.writeAndFlush(HttpErrors.empty(HttpResponseStatus.ACCEPTED));
    }

    private void refuse(ChannelHandlerContext ctx, ProtocolException error) {
        ctx.writeAndFlush(HttpErrors.error(HttpResponseStatus.BAD_REQUEST, error, context.codec()));
    }
}
