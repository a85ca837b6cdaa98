package dev.jmcp.core.spi;

import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.lifecycle.ServerCapabilities;

/**
 * A feature a {@link dev.jmcp.core.McpServer} serves besides resources, such as tools or prompts: it declares
 * its capabilities and adds its handlers, which serve every session and stateless request. The session
 * engine knows no feature; this is how one is added without touching it.
 *
 * @since 0.1
 */
public interface ServerFeature {

    /** Adds this feature's capabilities to what the server declares. */
    void declare(ServerCapabilities.Builder capabilities);

    /**
     * Adds this feature's request and notification handlers to the server's; called once, when the
     * server is built. The handlers serve every session and every stateless request of the server,
     * so they keep no state of one session: {@link RequestContext#session()} says whose request it
     * is, and {@link #attach} tells of each session.
     */
    void register(FeatureHandlers handlers);

    /** Called once for each session after it is built, for a feature that tracks its sessions. */
    default void attach(ServerSession session) {
    }

    /** Called once when the server closes, for a feature that holds watches or threads. */
    default void close() {
    }
}
