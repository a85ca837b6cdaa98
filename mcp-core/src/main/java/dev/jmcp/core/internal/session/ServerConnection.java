package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.codec.PendingRequests;
import java.util.concurrent.CompletableFuture;

/**
 * What a {@link dev.jmcp.core.session.ServerSession} is the public face of: a session's engine
 * ({@link EngineConnection}), or one stateless request served without a session
 * ({@link StatelessCall}). The methods are those of the face, with its contracts.
 */
public interface ServerConnection {

    <R> CompletableFuture<R> request(String method, Object params, Class<R> resultType, RequestOptions options);

    CompletableFuture<Void> notify(String method, Object params);

    /** @return completes once the client has sent {@code notifications/initialized}; fails when the connection closes first */
    CompletableFuture<Negotiated> initialized();

    Negotiated negotiated();

    PendingRequests pendingRequests();

    boolean isOpen();

    /** @return completes when the connection has closed; the caller copies it before handing it out */
    CompletableFuture<Void> onClose();

    Throwable closeCause();

    void close();
}
