package dev.jmcp.transport.netty.internal.server;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.util.ReferenceCounted;
import java.util.Objects;

/**
 * A request to the MCP endpoint on its way down the pipeline, with what a router found out about
 * it. It owns the request: releasing it releases the request, so that Netty's tail releases one
 * that no handler took.
 */
public abstract class HeldRequest implements ReferenceCounted {
    private final FullHttpRequest request;

    /** @param request never null */
    public HeldRequest(FullHttpRequest request) {
        this.request = Objects.requireNonNull(request, "request");
    }

    /** @return the request; never null */
    public final FullHttpRequest request() {
        return request;
    }

    @Override
    public final int refCnt() {
        return request.refCnt();
    }

    @Override
    public final HeldRequest retain() {
        request.retain();
        return this;
    }

    @Override
    public final HeldRequest retain(int increment) {
        request.retain(increment);
        return this;
    }

    @Override
    public final HeldRequest touch() {
        request.touch();
        return this;
    }

    @Override
    public final HeldRequest touch(Object hint) {
        request.touch(hint);
        return this;
    }

    @Override
    public final boolean release() {
        return request.release();
    }

    @Override
    public final boolean release(int decrement) {
        return request.release(decrement);
    }
}
