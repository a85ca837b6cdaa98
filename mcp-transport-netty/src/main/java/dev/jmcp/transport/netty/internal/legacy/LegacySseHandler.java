package dev.jmcp.transport.netty.internal.legacy;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.transport.netty.internal.headers.McpHeaders;
import dev.jmcp.transport.netty.internal.headers.MediaTypes;
import dev.jmcp.transport.netty.internal.server.HttpErrors;
import dev.jmcp.transport.netty.internal.auth.RequestPrincipal;
import dev.jmcp.transport.netty.internal.server.RequestPaths;
import dev.jmcp.transport.netty.internal.server.ResponseHeads;
import dev.jmcp.transport.netty.internal.server.ServerContext;
import dev.jmcp.transport.netty.internal.sse.SseEvent;
import io.netty.buffer.ByteBufInputStream;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Objects;

/**
 * The two endpoints of the HTTP+SSE transport of 2024-11-05. A GET to the SSE path opens a session
 * and its stream, whose first event is {@code endpoint} with the URL to POST to
 * ({@code <messages path>?sessionId=<id>}); a POST there delivers one message and gets 202, and
 * the answers come on the stream. Requests for other paths pass through.
 */
@ChannelHandler.Sharable
public final class LegacySseHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final System.Logger LOG = System.getLogger(LegacySseHandler.class.getName());

    private final ServerContext context;
    private final String ssePath;
    private final String messagesPath;

    /** @param context the server's shared state, whose settings name the two paths; never null */
    public LegacySseHandler(ServerContext context) {
        super(false);
        this.context = Objects.requireNonNull(context, "context");
        this.ssePath = context.settings().legacySsePath();
        this.messagesPath = context.settings().legacyMessagesPath();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        String path = RequestPaths.of(request.uri());
        if (path == null) {
            RequestPaths.refuse(ctx, request, context.codec());
            return;
        }
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        boolean sse = path.equals(ssePath);
        if (!sse && !path.equals(messagesPath)) {
            ctx.fireChannelRead(request);
            return;
        }
        try {
            HttpMethod expected = sse ? HttpMethod.GET : HttpMethod.POST;
            if (!request.method().equals(expected)) {
                var response = HttpErrors.error(HttpResponseStatus.METHOD_NOT_ALLOWED, uri.path() + " takes "
                        + expected + " only (HTTP+SSE transport of 2024-11-05)", context.codec());
                response.headers().set(HttpHeaderNames.ALLOW, expected.name());
                ctx.writeAndFlush(response);
            } else if (sse) {
                openStream(ctx, request);
            } else {
                post(ctx, request, uri);
            }
        } finally {
            request.release();
        }
    }

    private void openStream(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!MediaTypes.accepts(request.headers().get(HttpHeaderNames.ACCEPT), McpHeaders.EVENT_STREAM)) {
            refuse(ctx, HttpResponseStatus.NOT_ACCEPTABLE, ErrorCodes.INVALID_REQUEST,
                    "the SSE endpoint must be read as text/event-stream");
            return;
        }
        LegacySession session = context.sessions().create(id -> new LegacySession(id, context.sessions(), context.held()),
                RequestPrincipal.of(ctx));
        if (session == null) {
            refuse(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, ErrorCodes.INTERNAL_ERROR,
                    "too many sessions: maxSessions=" + context.settings().maxSessions());
            return;
        }
        ctx.write(ResponseHeads.eventStream());
        ctx.writeAndFlush(new SseEvent(null, "endpoint", null, messagesPath + "?sessionId=" + session.id(), null, false));
        session.attach(ctx.channel());
        try {
            context.onSession().accept(session);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the server refused a new legacy session", e);
            session.close();
        }
    }

    private void post(ChannelHandlerContext ctx, FullHttpRequest request, QueryStringDecoder uri) {
        List<String> ids = uri.parameters().get("sessionId");
        String id = ids == null || ids.isEmpty() ? null : ids.get(0);
        if (!(context.sessions().find(id, RequestPrincipal.of(ctx)) instanceof LegacySession session)) {
            refuse(ctx, HttpResponseStatus.NOT_FOUND, ErrorCodes.INVALID_REQUEST,
                    "no legacy session " + id + ": open one with GET " + ssePath);
            return;
        }
        String contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        if (!MediaTypes.isUtf8Json(contentType)) {
            refuse(ctx, HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE, ErrorCodes.INVALID_REQUEST,
                    "a POST must carry application/json in UTF-8; Content-Type was " + contentType);
            return;
        }
        JsonRpcPayload payload;
        try {
            payload = context.codec().read(new ByteBufInputStream(request.content()), session.pendingRequests());
        } catch (ProtocolException e) {
            ctx.writeAndFlush(HttpErrors.error(HttpResponseStatus.BAD_REQUEST, e, context.codec()));
            return;
        } catch (UncheckedIOException e) {
            refuse(ctx, HttpResponseStatus.BAD_REQUEST, ErrorCodes.PARSE_ERROR, "the body could not be read");
            return;
        }
        session.deliver(payload, RequestPrincipal.of(ctx));
        ctx.writeAndFlush(HttpErrors.empty(HttpResponseStatus.ACCEPTED));
    }

    private void refuse(ChannelHandlerContext ctx, HttpResponseStatus status, int code, String message) {
        ctx.writeAndFlush(HttpErrors.error(status, code, message, context.codec()));
    }
}
