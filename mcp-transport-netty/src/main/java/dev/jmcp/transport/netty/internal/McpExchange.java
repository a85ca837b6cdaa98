package dev.jmcp.transport.netty.internal;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.util.ReferenceCounted;
import java.util.Objects;

/**
 * A request to the MCP endpoint that {@link SessionRouter} has checked and tied to its session.
 * It owns the request: releasing the exchange releases the request.
 */
public final class McpExchange implements ReferenceCounted {
    private final FullHttpRequest request;
    private final HttpSession session;

    /**
     * @param request never null
     * @param session the session its {@code Mcp-Session-Id} names; null for a POST without one
     */
    public McpExchange(FullHttpRequest request, HttpSession session) {
        this.request = Objects.requireNonNull(request, "request");
        this.session = session;
    }

    /** @return the request; never null */
    public FullHttpRequest request() {
        return request;
    }

    /** @return the session; null for a POST without {@code Mcp-Session-Id} (which must be an initialize) */
    public HttpSession session() {
        return session;
    }

    @Override
    public int refCnt() {
        return request.refCnt();
    }

    @Override
    public McpExchange retain() {
        request.retain();
        return this;
    }

    @Override
    public McpExchange retain(int increment) {
        request.retain(increment);
        return this;
    }

    @Override
    public McpExchange touch() {
        request.touch();
        return this;
    }

    @Override
    public McpExchange touch(Object hint) {
        request.touch(hint);
        return this;
    }

    @Override
    public boolean release() {
        return request.release();
    }

    @Override
    public boolean release(int decrement) {
        return request.release(decrement);
    }
}
