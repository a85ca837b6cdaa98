package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Cursors;
import dev.jmcp.core.internal.resources.Notifications;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.ResourceListener;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import java.util.Set;

/**
 * Turns one provider's change events into gomcp's notifications. A change to a resource is
 * announced to its subscribers ({@link Announcements}); when it went out without a version because
 * the provider withholds it for now, it is announced once more when the version has settled
 * ({@link SettlingVersions}). A list change makes the listing's counting cursors stale and goes to
 * every session that has finished its handshake.
 */
final class ChangeEvents implements ResourceListener {
    private final ResourceProvider provider;
    private final Announcements announcements;
    private final SettlingVersions settling;
    private final Cursors cursors;
    private final Set<ServerSession> sessions;

    ChangeEvents(ResourceProvider provider, Announcements announcements, SettlingVersions settling, Cursors cursors,
            Set<ServerSession> sessions) {
        this.provider = provider;
        this.announcements = announcements;
        this.settling = settling;
        this.cursors = cursors;
        this.sessions = sessions;
    }

    @Override
    public void updated(String uri) {
        if (announcements.announce(provider, uri, false)) {
            settling.later(provider, uri);
        }
    }

    @Override
    public void listChanged() {
        cursors.advance();
        for (ServerSession session : sessions) {
            if (session.initialized().isDone()) { // before its handshake ends, a session is sent nothing
                Notifications.send(session, GomcpProtocol.LIST_CHANGED, null);
            }
        }
    }
}
