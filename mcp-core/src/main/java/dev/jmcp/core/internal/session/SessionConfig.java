package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.SessionSettings;
import dev.jmcp.core.spi.McpTransport;
import java.util.Objects;
import java.util.concurrent.ExecutorService;

/**
 * What a session builder hands to the engine.
 *
 * @param transport     never null
 * @param settings      never null
 * @param executor      the handler executor; null for one the session creates and shuts down
 * @param handlers      never null
 * @param stateless     the server's stateless era (2026-07-28); null on a client, which serves no requests of it
 * @param requestStates seals multi round-trip state; null for a key of the session's own
 * @param budget        a bound on requests in flight shared with other sessions; null for none
 */
public record SessionConfig(McpTransport transport, SessionSettings settings, ExecutorService executor,
        HandlerTable handlers, StatelessServer stateless, RequestStates requestStates, RequestBudget budget) {
    public SessionConfig {
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(handlers, "handlers");
    }

    /** @return the configuration of a client session */
    public static SessionConfig client(McpTransport transport, SessionSettings settings, ExecutorService executor,
            HandlerTable handlers) {
        return new SessionConfig(transport, settings, executor, handlers, null, null, null);
    }
}
