package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.NotificationHandler;
import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.FeatureHandlers;

/** What a server feature registers with: the handler methods of the session being built, and nothing else of it. */
public final class SessionHandlers implements FeatureHandlers {
    private final ServerSession.Builder session;

    private SessionHandlers(ServerSession.Builder session) {
        this.session = session;
    }

    /** @return the handlers of {@code session}, for the server's features to register with */
    public static FeatureHandlers of(ServerSession.Builder session) {
        return new SessionHandlers(session);
    }

    @Override
    public FeatureHandlers requestHandler(String method, RequestHandler handler) {
        session.requestHandler(method, handler);
        return this;
    }

    @Override
    public FeatureHandlers notificationHandler(String method, NotificationHandler handler) {
        session.notificationHandler(method, handler);
        return this;
    }

    @Override
    public FeatureHandlers jsonParams(String method) {
        session.jsonParams(method);
        return this;
    }
}
