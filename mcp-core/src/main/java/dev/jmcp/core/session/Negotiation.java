package dev.jmcp.core.session;

import dev.jmcp.schema.lifecycle.ProtocolVersions;
import java.util.Objects;

/**
 * Which protocol revision a client ended up speaking, and why: the answer to "did the server get
 * {@code server/discover} or {@code initialize}, and what made the client choose".
 *
 * @param protocolVersion the revision in use; never null
 * @param reason          why it was chosen, for people (such as {@code "server/discover offered
 *                        [2026-07-28, 2025-11-25]"} or {@code "server/discover failed with -32601
 *                        Method not found: a server of the initialize revisions"}); never null
 * @since 0.1
 */
public record Negotiation(String protocolVersion, String reason) {

    public Negotiation {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(reason, "reason");
    }

    /**
     * @return true when every request carries its own revision in {@code _meta} (2026-07-28), false
     *         for a session opened with {@code initialize}
     */
    public boolean isStateless() {
        return !ProtocolVersions.usesHandshake(protocolVersion);
    }

    @Override
    public String toString() {
        return protocolVersion + " (" + reason + ")";
    }
}
