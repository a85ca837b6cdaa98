package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.transport.netty.internal.session.HttpSession;
import io.netty.handler.codec.http.FullHttpRequest;

/**
 * A request of the handshake era to the MCP endpoint that {@link SessionRouter} has checked and
 * tied to its session. It owns the request: releasing the exchange releases the request.
 */
public final class McpExchange extends HeldRequest {
    private final HttpSession session;

    /**
     * @param request never null
     * @param session the session its {@code Mcp-Session-Id} names; null for a POST without one
     */
    public McpExchange(FullHttpRequest request, HttpSession session) {
        super(request);
        this.session = session;
    }

    /** @return the session; null for a POST without {@code Mcp-Session-Id} (which must be an initialize) */
    public HttpSession session() {
        return session;
    }
}
