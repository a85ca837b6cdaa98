package dev.jmcp.core.session;

import dev.jmcp.core.internal.session.SessionEngine;
import dev.jmcp.schema.codec.PendingRequests;
import java.util.concurrent.CompletableFuture;

/**
 * What {@link ClientSession} and {@link ServerSession} do alike: each is a {@link SessionEngine}
 * seen through {@link McpSession}, and these methods are the engine's own. Package-private, so the
 * public API stays the two final classes; it does not implement the sealed {@link McpSession}, whose
 * permitted subtypes stay those two, which implement it with these inherited methods.
 */
abstract class EngineSession {
    final SessionEngine engine;

    EngineSession(SessionEngine engine) {
        this.engine = engine;
    }

    /** See {@link McpSession#sendNotification}. */
    public CompletableFuture<Void> sendNotification(String method, Object params) {
        return engine.notify(method, params);
    }

    /** See {@link McpSession#negotiated}. */
    public Negotiated negotiated() {
        return engine.negotiated();
    }

    /** See {@link McpSession#pendingRequests}. */
    public PendingRequests pendingRequests() {
        return engine.pendingRequests();
    }

    /** See {@link McpSession#isOpen}. */
    public boolean isOpen() {
        return engine.isOpen();
    }

    /** See {@link McpSession#onClose}. */
    public CompletableFuture<Void> onClose() {
        return engine.onClose().copy();
    }

    /** See {@link McpSession#close}. */
    public void close() {
        engine.close();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + engine + "]";
    }
}
