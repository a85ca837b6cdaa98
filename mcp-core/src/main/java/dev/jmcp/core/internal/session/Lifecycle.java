package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;

/**
 * One side's view of the protocol lifecycle: the engine asks it which messages may pass and hands
 * it the lifecycle's own messages. {@link ServerHandshake} and {@link ClientHandshake} are the
 * {@code initialize} era (2024-11-05 to 2025-11-25).
 *
 * <p>The stateless 2026-07-28 era is a third implementation, not written yet: it answers
 * {@code server/discover} in {@link #answer}, admits any request whose {@code _meta} names a
 * revision it speaks (and refuses others per request, instead of once per session), and reports
 * the per-request revision and client capabilities instead of a session-wide {@link Negotiated}.
 * A server that speaks both eras picks the implementation from the first request it sees
 * ({@code initialize} or not). Nothing in the engine needs to change for it.
 */
public interface Lifecycle {

    /** Called once, before the transport starts. */
    void attach(SessionEngine engine);

    /** @return the answer to a request the lifecycle owns, such as {@code initialize}; null for other methods */
    JsonRpcMessage answer(JsonRpcRequest request);

    /** @return true when the notification belonged to the lifecycle and has been consumed */
    boolean accept(JsonRpcNotification notification);

    /** @return why an inbound request of {@code method} may not be handled now; null when it may */
    String refuseInbound(String method);

    /** @return why a request of {@code method} may not be sent now; null when it may */
    String refuseOutbound(String method);

    /**
     * @return the params a request of {@code method} goes out with: {@code params} itself, or a
     *         copy carrying what the era puts on every request (the stateless {@code _meta})
     * @throws IllegalArgumentException when params of their type cannot carry it
     */
    default Object outboundParams(String method, Object params) {
        return params;
    }

    /** @return what was negotiated; null before */
    Negotiated negotiated();

    /** The session has closed; fail whatever still waits on the lifecycle. */
    void closed(SessionClosedException reason);
}
