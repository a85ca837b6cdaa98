package dev.jmcp.core.internal.session;

import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The outbound requests that wait for a response, by id and by progress token. Whoever removes a
 * request completes it, so a response, a timeout, a cancellation and a close never both win.
 */
final class OutboundRequests implements PendingRequests {
    private final AtomicLong lastId = new AtomicLong();
    private final Map<RequestId, Pending> byId = new ConcurrentHashMap<>();
    private final Map<ProgressToken, Pending> byToken = new ConcurrentHashMap<>();

    /** @return a fresh id; ids are never reused within a session */
    RequestId nextId() {
        return RequestId.of(lastId.incrementAndGet());
    }

    void add(Pending pending) {
        byId.put(pending.id, pending);
        if (pending.token != null) {
            byToken.put(pending.token, pending);
        }
    }

    /** @return true when this call removed it, and so owns its completion */
    boolean remove(Pending pending) {
        if (!byId.remove(pending.id, pending)) {
            return false;
        }
        if (pending.token != null) {
            byToken.remove(pending.token, pending);
        }
        pending.cancelTimeout();
        return true;
    }

    /** @return the request with this id, now removed; null when none waits */
    Pending take(RequestId id) {
        Pending pending = byId.get(id);
        return pending != null && remove(pending) ? pending : null;
    }

    /** @return the request that asked for progress with this token; null when none */
    Pending withToken(ProgressToken token) {
        return byToken.get(token);
    }

    /** @return every waiting request, now removed */
    List<Pending> drain() {
        List<Pending> drained = new ArrayList<>();
        for (Pending pending : byId.values()) {
            if (remove(pending)) {
                drained.add(pending);
            }
        }
        return drained;
    }

    int size() {
        return byId.size();
    }

    /** A request whose caller asked for a {@code JsonObject} gets the result as sent, whatever its method's record. */
    @Override
    public String methodOf(RequestId id) {
        Pending pending = byId.get(id);
        return pending == null || pending.wantsJson() ? null : pending.method;
    }
}
