package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Cursors;
import dev.jmcp.core.internal.resources.SubscriptionRegistry;
import dev.jmcp.core.internal.resources.Versions;
import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.ResourceListener;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpResourceChange;
import dev.jmcp.schema.resources.Resource;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns one provider's change events into gomcp's notifications. A change to a resource goes to the
 * sessions subscribed to that URI, carrying the whole resource as it is now (its metadata and
 * version read again), under the names each session understands; a resource that is gone by then
 * is not announced (its listing changed, which is). A list change makes the listing's counting
 * cursors stale and goes to every session that has finished its handshake.
 */
final class ChangeEvents implements ResourceListener {
    private static final System.Logger LOG = System.getLogger(ChangeEvents.class.getName());

    private final ResourceProvider provider;
    private final SubscriptionRegistry subscriptions;
    private final NotificationNames names;
    private final Cursors cursors;
    private final Set<ServerSession> sessions;

    ChangeEvents(ResourceProvider provider, SubscriptionRegistry subscriptions, NotificationNames names,
            Cursors cursors, Set<ServerSession> sessions) {
        this.provider = provider;
        this.subscriptions = subscriptions;
        this.names = names;
        this.cursors = cursors;
        this.sessions = sessions;
    }

    @Override
    public void updated(String uri) {
        Set<McpSession> subscribers = subscriptions.subscribers(List.of(uri));
        if (subscribers.isEmpty()) {
            return;
        }
        Optional<Resource> now = metadata(uri);
        if (now.isEmpty()) {
            return;
        }
        GomcpResourceChange params = new GomcpResourceChange(ResourceViews.of(now.get(),
                Versions.of(provider, now.get())));
        for (McpSession session : subscribers) {
            for (String name : names.of(session)) {
                send(session, name, params);
            }
        }
    }

    @Override
    public void listChanged() {
        cursors.advance();
        for (ServerSession session : sessions) {
            if (session.initialized().isDone()) { // before its handshake ends, a session is sent nothing
                send(session, GomcpProtocol.LIST_CHANGED, null);
            }
        }
    }

    private Optional<Resource> metadata(String uri) {
        try {
            return provider.metadata(uri);
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "cannot describe the changed {0}: {1}", uri, e.toString());
            return Optional.empty();
        }
    }

    private static void send(McpSession session, String method, Object params) {
        if (!session.isOpen()) {
            return;
        }
        session.sendNotification(method, params).whenComplete((ignored, failure) -> {
            if (failure != null) {
                LOG.log(Level.DEBUG, "could not send {0} to {1}: {2}", method, session, failure.toString());
            }
        });
    }
}
