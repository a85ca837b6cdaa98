package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.core.internal.transport.Era;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.transport.netty.internal.auth.RequestPrincipal;
import dev.jmcp.transport.netty.internal.session.HttpSession;
import dev.jmcp.transport.netty.internal.stateless.StatelessPost;
import dev.jmcp.transport.netty.internal.stateless.StatelessPostHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Takes the client's messages from a POST of the handshake era to the MCP endpoint. The client
 * must accept both {@code application/json} and {@code text/event-stream} (else 406) and send
 * {@code application/json} (else 415); a body that is not a valid message gets 400 with the
 * codec's error. A body whose {@code _meta} claims the stateless era goes on to
 * {@link StatelessPostHandler} instead. Without a session, only {@code initialize} is accepted: it
 * opens a session, whose transport goes to the server's {@code onSession} before the message is
 * delivered. Notifications and responses alone get 202; requests open a stream that the session
 * answers on.
 */
@ChannelHandler.Sharable
public final class PostHandler extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(PostHandler.class.getName());

    private final ServerContext context;

    /** @param context the server's shared state; never null */
    public PostHandler(ServerContext context) {
        this.context = Objects.requireNonNull(context, "context");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof McpExchange exchange) || !exchange.request().method().equals(HttpMethod.POST)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            post(ctx, exchange.request(), exchange.session());
        } finally {
            exchange.release();
        }
    }

    private void post(ChannelHandlerContext ctx, FullHttpRequest request, HttpSession known) {
        FullHttpResponse refusal = PostBodies.refusal(request, context.codec());
        if (refusal != null) {
            ctx.writeAndFlush(refusal);
            return;
        }
        PendingRequests pending = known == null ? PendingRequests.NONE : known.pendingRequests();
        JsonRpcPayload payload;
        try {
            payload = PostBodies.read(request, pending, context.codec());
        } catch (ProtocolException e) {
            // a response to the session's own request fails it there; a request's error (tied to its
            // method) is answered here, even when its id equals one of the session's own
            if (known != null && e.requestId() != null && e.method() == null && pending.methodOf(e.requestId()) != null) {
                known.deliverUnreadable(e);
            }
            ctx.writeAndFlush(HttpErrors.error(HttpResponseStatus.BAD_REQUEST, e, context.codec()));
            return;
        }
        if (Era.claimedBy(payload)) {
            // its _meta makes it a request of the stateless era, whatever session it names
            ctx.fireChannelRead(new StatelessPost(request.retain(), payload));
            return;
        }
        List<JsonRpcRequest> requests = new ArrayList<>();
        for (JsonRpcMessage message : HttpSession.messages(payload)) {
            if (message instanceof JsonRpcRequest r) {
                requests.add(r);
            }
        }
        RequestId id = HttpErrors.idOf(payload);
        HttpSession session = known;
        String version = known == null ? null : known.protocolVersion();
        if (session == null) {
            if (!(payload instanceof JsonRpcRequest r && McpMethodNames.INITIALIZE.equals(r.method()))) {
                refuse(ctx, HttpResponseStatus.BAD_REQUEST, id, ErrorCodes.INVALID_REQUEST,
                        "an Mcp-Session-Id header is required: only initialize, alone, may be sent without one");
                return;
            }
            session = open(ctx, id);
            if (session == null) {
                return;
            }
            version = r.params() instanceof InitializeRequestParams params ? params.protocolVersion() : null;
        }
        if (requests.isEmpty()) {
            session.deliver(payload, RequestPrincipal.of(ctx));
            ctx.writeAndFlush(HttpErrors.empty(HttpResponseStatus.ACCEPTED));
            return;
        }
        String refused = session.openPostStream(ctx.channel(), requests, version);
        if (refused != null) {
            refuse(ctx, session.isClosed() ? HttpResponseStatus.NOT_FOUND : HttpResponseStatus.BAD_REQUEST, id,
                    ErrorCodes.INVALID_REQUEST, refused);
            return;
        }
        session.deliver(payload, RequestPrincipal.of(ctx));
    }

    private HttpSession open(ChannelHandlerContext ctx, RequestId initialize) {
        HttpSession session = context.sessions().create(id -> new HttpSession(id, context), RequestPrincipal.of(ctx));
        if (session == null) {
            refuse(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, initialize, ErrorCodes.INTERNAL_ERROR,
                    "too many sessions: maxSessions=" + context.settings().maxSessions());
            return null;
        }
        try {
            context.onSession().accept(session);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the server refused a new session", e);
            session.close();
            refuse(ctx, HttpResponseStatus.INTERNAL_SERVER_ERROR, initialize, ErrorCodes.INTERNAL_ERROR,
                    "the server could not open a session");
            return null;
        }
        return session;
    }

    /** @param id the request the error answers, once the body has been read; null before or when unknown */
    private void refuse(ChannelHandlerContext ctx, HttpResponseStatus status, RequestId id, int code, String message) {
        ctx.writeAndFlush(HttpErrors.error(status, id, code, message, context.codec()));
    }
}
