package dev.jmcp.core.internal.resources;

import dev.jmcp.core.session.McpSession;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which session is subscribed to which URI, indexed both ways. Empty sets are removed at once, so
 * that a session that has unsubscribed from everything, or closed, leaves nothing behind.
 * Sessions are compared by identity. Thread-safe.
 */
public final class SubscriptionRegistry {
    private final Map<McpSession, Set<String>> bySession = new HashMap<>();
    private final Map<String, Set<McpSession>> byUri = new HashMap<>();

    public SubscriptionRegistry() {
    }

    /** @return true when the subscription is new */
    public synchronized boolean add(McpSession session, String uri) {
        boolean added = bySession.computeIfAbsent(session, s -> new HashSet<>()).add(uri);
        byUri.computeIfAbsent(uri, u -> new HashSet<>()).add(session);
        return added;
    }

    /**
     * Adds {@code session}'s subscriptions to all of {@code uris}, or to none of them when the
     * session would then hold more than {@code max}.
     *
     * @return the number the session would have held: at most {@code max} when they were added
     */
    public synchronized int addAll(McpSession session, Collection<String> uris, int max) {
        Set<String> held = bySession.getOrDefault(session, Set.of());
        Set<String> after = new HashSet<>(held);
        after.addAll(uris);
        if (after.size() <= max) {
            uris.forEach(uri -> add(session, uri));
        }
        return after.size();
    }

    /** @return true when there was such a subscription */
    public synchronized boolean remove(McpSession session, String uri) {
        Set<String> uris = bySession.get(session);
        if (uris == null || !uris.remove(uri)) {
            return false;
        }
        if (uris.isEmpty()) {
            bySession.remove(session);
        }
        Set<McpSession> sessions = byUri.get(uri);
        sessions.remove(session);
        if (sessions.isEmpty()) {
            byUri.remove(uri);
        }
        return true;
    }

    public synchronized void removeSession(McpSession session) {
        Set<String> uris = bySession.remove(session);
        if (uris == null) {
            return;
        }
        for (String uri : uris) {
            Set<McpSession> sessions = byUri.get(uri);
            sessions.remove(session);
            if (sessions.isEmpty()) {
                byUri.remove(uri);
            }
        }
    }

    /** @return the sessions subscribed to any of {@code uris}, each once */
    public synchronized Set<McpSession> subscribers(Collection<String> uris) {
        Set<McpSession> found = new LinkedHashSet<>();
        for (String uri : uris) {
            Set<McpSession> sessions = byUri.get(uri);
            if (sessions != null) {
                found.addAll(sessions);
            }
        }
        return found;
    }

    /** @return the number of (session, URI) subscriptions */
    synchronized int size() {
        int n = 0;
        for (Set<String> uris : bySession.values()) {
            n += uris.size();
        }
        return n;
    }

    /** @return the entries of both indexes together; 0 when nothing is held */
    synchronized int footprint() {
        return bySession.size() + byUri.size();
    }
}
