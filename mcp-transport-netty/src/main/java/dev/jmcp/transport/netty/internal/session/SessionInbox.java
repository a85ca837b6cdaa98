package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.core.spi.McpTransport.Listener;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.transport.netty.internal.legacy.LegacySession;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The inbound side of a server session's transport ({@link HttpSession}, {@link LegacySession}):
 * holds the listener, keeps what the client sends before {@link #start} and hands it over then, and
 * reports the end once. Every call to the listener is serialised by this object's monitor and
 * guarded: a listener that throws is logged, and the session goes on (nothing thrown crosses a
 * transport). {@code ended} is asked under that monitor, so it may take the session's own lock, which
 * the session must never hold while it calls in here.
 */
public final class SessionInbox {
    private static final System.Logger LOG = System.getLogger(SessionInbox.class.getName());

    private final String session;
    private final BooleanSupplier ended;
    /** What arrived before {@link #start}, each with the principal of its request. */
    private final List<Map.Entry<JsonRpcPayload, Optional<Principal>>> early = new ArrayList<>();
    private Listener listener;
    private boolean closeDelivered;

    /**
     * @param session how log messages name the session
     * @param ended   whether the session has ended, so that {@link #start} reports the end at once
     */
    public SessionInbox(String session, BooleanSupplier ended) {
        this.session = Objects.requireNonNull(session, "session");
        this.ended = Objects.requireNonNull(ended, "ended");
    }

    /** @throws IllegalStateException when a listener was already given */
    public synchronized void start(Listener value) {
        Objects.requireNonNull(value, "listener");
        if (listener != null) {
            throw new IllegalStateException(session + " is already started");
        }
        listener = value;
        for (Map.Entry<JsonRpcPayload, Optional<Principal>> kept : early) {
            safely(() -> value.onMessage(kept.getKey(), kept.getValue().orElse(null)));
        }
        early.clear();
        if (ended.getAsBoolean()) {
            closed();
        }
    }

    /** @return what the session's own requests called, for reading the client's responses */
    public synchronized PendingRequests pendingRequests() {
        return listener == null ? PendingRequests.NONE : listener.pendingRequests();
    }

    /**
     * Hands a message of the client to the listener, or keeps it until {@link #start}; after the end, drops it.
     *
     * @param principal whom its request was authenticated as; null when it was not
     */
    public synchronized void deliver(JsonRpcPayload payload, Principal principal) {
        if (closeDelivered) {
            return;
        }
        if (listener == null) {
            early.add(Map.entry(payload, Optional.ofNullable(principal)));
        } else {
            safely(() -> listener.onMessage(payload, principal));
        }
    }

    /** Reports input that answers one of the session's own requests but could not be read. */
    synchronized void deliverUnreadable(ProtocolException error) {
        if (listener != null && !closeDelivered) {
            safely(() -> listener.onUnreadable(error));
        }
    }

    /** The session has ended: drops what waits for {@link #start}, and tells the listener once. */
    public synchronized void closed() {
        early.clear();
        if (listener != null && !closeDelivered) {
            closeDelivered = true;
            safely(() -> listener.onClosed(null));
        }
    }

    private void safely(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, session + ": the listener failed", e);
        }
    }
}
