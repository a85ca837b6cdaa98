package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.core.internal.transport.Era;
import dev.jmcp.transport.netty.internal.auth.RequestPrincipal;
import dev.jmcp.transport.netty.internal.headers.HeaderValues;
import dev.jmcp.transport.netty.internal.headers.McpHeaders;
import dev.jmcp.transport.netty.internal.session.HttpSession;
import dev.jmcp.transport.netty.internal.stateless.StatelessPost;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Objects;

/**
 * Sorts the requests to the MCP endpoint by era, and ties those of the handshake era to their
 * session. The rule is {@link Era}'s; this applies its first step, the header. A request whose {@code MCP-Protocol-Version} names anything but a handshake revision
 * (2024-11-05 to 2025-11-25) belongs to the stateless era: a POST goes on as a
 * {@link StatelessPost}, whatever session it names, and anything else gets 405, since that era has
 * no GET stream and no sessions (a revision the server does not speak is refused further on, with
 * the list of those it does). For the others, which name a handshake revision or none (taken to be
 * 2025-03-26, as the spec says): a request with any method but POST, GET and DELETE gets 405; a GET
 * or DELETE without {@code Mcp-Session-Id} gets 400 (a POST without one goes on, since it may be
 * the {@code initialize} that opens a session, or a stateless request without its header); an id of
 * no open session gets 404. The request then goes on as an {@link McpExchange}. Requests for other
 * paths pass through untouched.
 */
@ChannelHandler.Sharable
public final class SessionRouter extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final ServerContext context;

    /** @param context the server's shared state; never null */
    public SessionRouter(ServerContext context) {
        super(false);
        this.context = Objects.requireNonNull(context, "context");
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        String path = RequestPaths.of(request.uri());
        if (path == null) {
            RequestPaths.refuse(ctx, request, context.codec());
            return;
        }
        if (!path.equals(context.path())) {
            ctx.fireChannelRead(request);
            return;
        }
        HttpMethod method = request.method();
        String headerVersion = request.headers().get(McpHeaders.PROTOCOL_VERSION);
        if (Era.statelessVersion(HeaderValues.trim(headerVersion))) {
            stateless(ctx, request, headerVersion);
            return;
        }
        String refusal = null;
        HttpResponseStatus status = HttpResponseStatus.BAD_REQUEST;
        String sessionId = request.headers().get(McpHeaders.SESSION_ID);
        HttpSession session = null;
        if (!(method.equals(HttpMethod.POST) || method.equals(HttpMethod.GET) || method.equals(HttpMethod.DELETE))) {
            status = HttpResponseStatus.METHOD_NOT_ALLOWED;
            refusal = "the MCP endpoint takes POST, GET and DELETE, not " + method;
        } else if (sessionId == null) {
            if (!method.equals(HttpMethod.POST)) {
                refusal = "an Mcp-Session-Id header is required for " + method;
            }
        } else if (!(context.sessions().find(sessionId, RequestPrincipal.of(ctx)) instanceof HttpSession found)) {
            status = HttpResponseStatus.NOT_FOUND;
            refusal = "no session " + sessionId + ": it has ended or never existed; send initialize to start one";
        } else {
            session = found;
        }
        if (refusal != null) {
            var response = HttpErrors.error(status, refusal, context.codec());
            if (status.equals(HttpResponseStatus.METHOD_NOT_ALLOWED)) {
                response.headers().set(HttpHeaderNames.ALLOW, "GET, POST, DELETE");
            }
            request.release();
            ctx.writeAndFlush(response);
            return;
        }
        if (session != null) {
            session.touch();
        }
        ctx.fireChannelRead(new McpExchange(request, session));
    }

    /**
     * A request of a client that names a stateless revision: a POST goes on without a session;
     * anything else gets 405, since those revisions have no GET stream and no session to DELETE.
     */
    private void stateless(ChannelHandlerContext ctx, FullHttpRequest request, String version) {
        if (request.method().equals(HttpMethod.POST)) {
            ctx.fireChannelRead(new StatelessPost(request, null));
            return;
        }
        var response = HttpErrors.error(HttpResponseStatus.METHOD_NOT_ALLOWED, "the MCP endpoint takes only POST from "
                + "a client of " + version + ": the stateless revisions have no GET stream and no sessions, so "
                + request.method() + " has nothing to do", context.codec());
        response.headers().set(HttpHeaderNames.ALLOW, "POST");
        request.release();
        ctx.writeAndFlush(response);
    }
}
