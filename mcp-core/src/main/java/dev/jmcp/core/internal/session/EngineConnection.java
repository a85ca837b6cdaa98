package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.codec.PendingRequests;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** A session of the handshake era (which also serves stateless requests, as on stdio): its engine and its handshake. */
public final class EngineConnection implements ServerConnection {
    private final SessionEngine engine;
    private final ServerHandshake handshake;

    /**
     * @param engine    never null
     * @param handshake the engine's lifecycle; never null
     */
    public EngineConnection(SessionEngine engine, ServerHandshake handshake) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.handshake = Objects.requireNonNull(handshake, "handshake");
    }

    @Override
    public <R> CompletableFuture<R> request(String method, Object params, Class<R> resultType, RequestOptions options) {
        return engine.request(method, params, resultType, options);
    }

    @Override
    public CompletableFuture<Void> notify(String method, Object params) {
        return engine.notify(method, params);
    }

    @Override
    public CompletableFuture<Negotiated> initialized() {
        return handshake.initialized();
    }

    @Override
    public Negotiated negotiated() {
        return engine.negotiated();
    }

    @Override
    public PendingRequests pendingRequests() {
        return engine.pendingRequests();
    }

    @Override
    public boolean isOpen() {
        return engine.isOpen();
    }

    @Override
    public CompletableFuture<Void> onClose() {
        return engine.onClose();
    }

    @Override
    public Throwable closeCause() {
        return engine.closeCause();
    }

    @Override
    public void close() {
        engine.close();
    }

    @Override
    public String toString() {
        return engine.toString();
    }
}
