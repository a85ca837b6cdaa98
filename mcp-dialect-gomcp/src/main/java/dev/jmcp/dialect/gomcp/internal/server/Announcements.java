package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Notifications;
import dev.jmcp.core.internal.resources.SubscriptionRegistry;
import dev.jmcp.core.internal.resources.Versions;
import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpResourceChange;
import dev.jmcp.schema.resources.Resource;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Sends gomcp's change notification of one resource to the sessions subscribed to it, carrying the
 * whole resource as it is now (its metadata and version read again), under the names each session
 * understands; a resource that is gone by then is not announced (its listing changed, which is).
 */
final class Announcements {
    private static final System.Logger LOG = System.getLogger(Announcements.class.getName());

    private final SubscriptionRegistry subscriptions;
    private final NotificationNames names;

    Announcements(SubscriptionRegistry subscriptions, NotificationNames names) {
        this.subscriptions = subscriptions;
        this.names = names;
    }

    /**
     * @param versionedOnly true for an announcement again, which is sent only when the resource has
     *                      a version now: without one it would tell the subscribers nothing new
     * @return true when {@code uri} is a leaf still without a version (its provider withholds it
     *         until it settles), so that a later look may find one; false when it has one, is a
     *         collection, is gone, or has no subscriber
     */
    boolean announce(ResourceProvider provider, String uri, boolean versionedOnly) {
        Set<McpSession> subscribers = subscriptions.subscribers(List.of(uri));
        if (subscribers.isEmpty()) {
            return false;
        }
        Optional<Resource> now = metadata(provider, uri);
        if (now.isEmpty()) {
            return false;
        }
        String version = Versions.of(provider, now.get());
        boolean unsettled = version == null && !now.get().collection();
        if (unsettled && versionedOnly) {
            return true;
        }
        GomcpResourceChange params = new GomcpResourceChange(ResourceViews.of(now.get(), version));
        for (McpSession session : subscribers) {
            for (String name : names.of(session)) {
                Notifications.send(session, name, params);
            }
        }
        return unsettled;
    }

    private static Optional<Resource> metadata(ResourceProvider provider, String uri) {
        try {
            return provider.metadata(uri);
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "cannot describe the changed {0}: {1}", uri, e.toString());
            return Optional.empty();
        }
    }
}
