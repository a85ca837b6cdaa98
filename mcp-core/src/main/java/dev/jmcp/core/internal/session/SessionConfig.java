package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.SessionSettings;
import dev.jmcp.core.spi.McpTransport;
import java.util.Objects;
import java.util.concurrent.ExecutorService;

/**
 * What a session builder hands to the engine.
 *
 * @param transport never null
 * @param settings  never null
 * @param executor  the handler executor; null for one the session creates and shuts down
 * @param handlers  never null
 */
public record SessionConfig(McpTransport transport, SessionSettings settings, ExecutorService executor,
        HandlerTable handlers) {
    public SessionConfig {
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(handlers, "handlers");
    }
}
