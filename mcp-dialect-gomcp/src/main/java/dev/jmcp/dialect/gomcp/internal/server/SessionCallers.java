package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.spi.Caller;

/**
 * The {@link Caller} of a session's requests, as its handshake settled it: whom a change
 * notification is described to, outside any request. The same caller the session's requests carry,
 * since gomcp's sessions are of the {@code initialize} era.
 */
final class SessionCallers {
    private SessionCallers() {
    }

    /** @return the session's caller; {@link Caller#none()} before its handshake */
    static Caller of(McpSession session) {
        Negotiated negotiated = session.negotiated();
        if (negotiated == null) {
            return Caller.none();
        }
        return Caller.builder().protocolVersion(negotiated.protocolVersion()).clientInfo(negotiated.clientInfo())
                .clientCapabilities(negotiated.clientCapabilities()).build();
    }
}
