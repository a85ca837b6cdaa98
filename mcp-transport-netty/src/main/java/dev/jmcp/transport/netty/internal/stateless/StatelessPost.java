package dev.jmcp.transport.netty.internal.stateless;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.transport.netty.internal.server.HeldRequest;
import dev.jmcp.transport.netty.internal.server.PostHandler;
import dev.jmcp.transport.netty.internal.server.SessionRouter;
import io.netty.handler.codec.http.FullHttpRequest;

/**
 * A POST of the stateless era (2026-07-28) on its way to {@link StatelessPostHandler}: one that
 * {@link SessionRouter} recognised by its {@code MCP-Protocol-Version} header, with its body still
 * to read, or one that {@link PostHandler} recognised by the {@code _meta} of the body it read. It
 * owns the request: releasing it releases the request.
 */
public final class StatelessPost extends HeldRequest {
    private final JsonRpcPayload payload;

    /**
     * @param request never null
     * @param payload the body, when it has been read already; else null
     */
    public StatelessPost(FullHttpRequest request, JsonRpcPayload payload) {
        super(request);
        this.payload = payload;
    }

    /** @return the body, when it has been read already; else null */
    JsonRpcPayload payload() {
        return payload;
    }
}
