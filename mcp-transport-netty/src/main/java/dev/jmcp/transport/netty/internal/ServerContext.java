package dev.jmcp.transport.netty.internal;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.HttpServerSettings;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What every connection of one server shares: its settings, the MCP endpoint's path, the
 * sessions, and where new sessions go.
 *
 * @param settings  never null
 * @param path      the MCP endpoint, such as {@code /mcp}; never null
 * @param sessions  never null
 * @param onSession receives each new session's transport, not yet started; never null
 */
public record ServerContext(HttpServerSettings settings, String path, SessionRegistry sessions,
        Consumer<McpTransport> onSession) {
    public ServerContext {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(onSession, "onSession");
    }

    /** @return the settings' codec */
    public McpCodec codec() {
        return settings.codec();
    }
}
