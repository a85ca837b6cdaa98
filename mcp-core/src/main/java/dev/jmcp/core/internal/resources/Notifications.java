package dev.jmcp.core.internal.resources;

import dev.jmcp.core.session.McpSession;
import java.lang.System.Logger.Level;

/**
 * Sends the change notifications of a resources feature (MCP's, or a dialect's): to a session that
 * is still open, without waiting, and a failure to send (the session closing meanwhile) is logged,
 * never thrown into the provider's watch that reported the change.
 */
public final class Notifications {
    private static final System.Logger LOG = System.getLogger(Notifications.class.getName());

    private Notifications() {
    }

    /** @param params may be null */
    public static void send(McpSession session, String method, Object params) {
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
