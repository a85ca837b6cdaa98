package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.transport.Era;
import java.util.List;

/** The revisions that use the {@code initialize} handshake, and the server's choice among them. */
final class Versions {
    /** Newest first: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05. */
    static final List<String> HANDSHAKE = Era.HANDSHAKE_VERSIONS;

    /** What a server answers when it does not speak the requested revision. */
    static final String NEWEST_HANDSHAKE = HANDSHAKE.get(0);

    private Versions() {
    }

    /** @return the requested revision when it is one we speak with a handshake, else our newest */
    static String choose(String requested) {
        return HANDSHAKE.contains(requested) ? requested : NEWEST_HANDSHAKE;
    }
}
