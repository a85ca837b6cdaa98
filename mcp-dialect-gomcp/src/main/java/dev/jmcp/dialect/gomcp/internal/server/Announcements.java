package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Notifications;
import dev.jmcp.core.internal.resources.SubscriptionRegistry;
import dev.jmcp.core.internal.resources.Versions;
import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpResourceChange;
import dev.jmcp.schema.resources.Resource;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Sends gomcp's change notification of one resource to the sessions subscribed to it, carrying the
 * whole resource as it is now (its metadata and version read again), under the names each session
 * understands. Each subscriber gets the resource as its provider describes it to that session's
 * caller (sessions with equal callers share one description); a resource that is gone by then, or
 * that the caller may not see, is not announced (its listing changed, which is).
 */
final class Announcements {
    private static final System.Logger LOG = System.getLogger(Announcements.class.getName());

    private final SubscriptionRegistry subscriptions;
    private final NotificationNames names;

    Announcements(SubscriptionRegistry subscriptions, NotificationNames names) {
        this.subscriptions = subscriptions;
        this.names = names;
    }

    /** Announces {@code uri} as it is now to each of its subscribers. */
    void announce(ResourceProvider provider, String uri) {
        Map<Caller, List<McpSession>> byCaller = new LinkedHashMap<>();
        for (McpSession session : subscriptions.subscribers(List.of(uri))) {
            byCaller.computeIfAbsent(SessionCallers.of(session), caller -> new ArrayList<>()).add(session);
        }
        for (Map.Entry<Caller, List<McpSession>> subscribers : byCaller.entrySet()) {
            describe(provider, uri, subscribers.getKey()).ifPresent(now -> send(subscribers.getValue(),
                    new GomcpResourceChange(ResourceViews.of(now.resource(), now.version()))));
        }
    }

    private void send(List<McpSession> sessions, GomcpResourceChange params) {
        for (McpSession session : sessions) {
            for (String name : names.of(session)) {
                Notifications.send(session, name, params);
            }
        }
    }

    /** A resource as it is now, and its version (null for none). */
    private record Described(Resource resource, String version) {
    }

    private static Optional<Described> describe(ResourceProvider provider, String uri, Caller caller) {
        try {
            return provider.describe(uri, caller).map(resource -> new Described(resource, Versions.of(provider, resource)));
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "cannot describe the changed {0}: {1}", uri, e.toString());
            return Optional.empty();
        }
    }
}
