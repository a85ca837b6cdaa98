package dev.jmcp.cli;

import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Keeps every session its server attaches, closed ones too: a stdio session whose input fails at once
 * has already left {@link dev.jmcp.core.McpServer.Endpoint#sessions()} when {@code serve} returns, and
 * {@code jmcp serve} must still see how it ended. For a server of one stdio session only.
 */
final class AttachedSessions implements ServerFeature {
    private final List<ServerSession> sessions = new CopyOnWriteArrayList<>();

    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
    }

    @Override
    public void register(FeatureHandlers session) {
    }

    @Override
    public void attach(ServerSession session) {
        sessions.add(session);
    }

    /** @return the sessions attached so far, open or closed; a snapshot */
    List<ServerSession> sessions() {
        return List.copyOf(sessions);
    }
}
