package dev.jmcp.transport.netty.internal;

import dev.jmcp.core.session.ClientSession;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.Objects;

/**
 * Ties each request to the MCP endpoint to its session: a request with any other method gets 405;
 * a GET or DELETE without {@code Mcp-Session-Id} gets 400 (a POST without one goes on, since it may
 * be the {@code initialize} that opens a session); an id of no open session gets 404; an
 * {@code MCP-Protocol-Version} the server does not speak gets 400 naming it (a request without the
 * header is taken to be 2025-03-26, as the spec says, and passes). The request then goes on as an
 * {@link McpExchange}. Requests for other paths pass through untouched.
 */
public final class SessionRouter extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final ServerContext context;

    /** @param context the server's shared state; never null */
    public SessionRouter(ServerContext context) {
        super(false);
        this.context = Objects.requireNonNull(context, "context");
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!new QueryStringDecoder(request.uri()).path().equals(context.path())) {
            ctx.fireChannelRead(request);
            return;
        }
        String refusal = null;
        HttpResponseStatus status = HttpResponseStatus.BAD_REQUEST;
        HttpMethod method = request.method();
        String sessionId = request.headers().get(McpHeaders.SESSION_ID);
        HttpSession session = null;
        if (!(method.equals(HttpMethod.POST) || method.equals(HttpMethod.GET) || method.equals(HttpMethod.DELETE))) {
            status = HttpResponseStatus.METHOD_NOT_ALLOWED;
            refusal = "the MCP endpoint takes POST, GET and DELETE, not " + method;
        } else if (sessionId == null) {
            if (!method.equals(HttpMethod.POST)) {
                refusal = "an Mcp-Session-Id header is required for " + method;
            }
        } else if (!(context.sessions().find(sessionId) instanceof HttpSession found)) {
            status = HttpResponseStatus.NOT_FOUND;
            refusal = "no session " + sessionId + ": it has ended or never existed; send initialize to start one";
        } else {
            session = found;
            String version = request.headers().get(McpHeaders.PROTOCOL_VERSION);
            if (version != null && !ClientSession.SUPPORTED_VERSIONS.contains(version)) {
                refusal = "unsupported MCP-Protocol-Version: " + version + "; this server speaks "
                        + ClientSession.SUPPORTED_VERSIONS;
            }
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
}
