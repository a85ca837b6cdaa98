package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.internal.body.BodyProducers;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.transport.netty.internal.body.ResponseBodies;
import dev.jmcp.transport.netty.internal.session.SessionRegistry;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What every connection of one server shares: its settings, the MCP endpoint's path, the
 * sessions, where new sessions go, the threads that encode the bodies which read a blob's
 * source, and the server-wide memory budgets.
 *
 * @param settings  never null
 * @param path      the MCP endpoint, such as {@code /mcp}; never null
 * @param sessions  never null
 * @param onSession receives each new session's transport, not yet started; never null
 * @param producers encode, off the event loops, the bodies that read a blob's file or stream;
 *                  never null
 * @param replay    the bytes all sessions keep for replay ({@code maxReplayBytes}); never null
 * @param held      the encoded answers all connections hold until written
 *                  ({@code maxResponseBytesInMemory}); never null
 */
public record ServerContext(HttpServerSettings settings, String path, SessionRegistry sessions,
        Consumer<McpTransport> onSession, BodyProducers producers, Budget replay, Budget held) {
    public ServerContext {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(onSession, "onSession");
        Objects.requireNonNull(producers, "producers");
        Objects.requireNonNull(replay, "replay");
        Objects.requireNonNull(held, "held");
    }

    /** A context with budgets of its own: the settings' {@code maxReplayBytes}, {@code maxResponseBytesInMemory}. */
    public ServerContext(HttpServerSettings settings, String path, SessionRegistry sessions,
            Consumer<McpTransport> onSession, BodyProducers producers) {
        this(settings, path, sessions, onSession, producers,
                Budget.of("maxReplayBytes", settings.maxReplayBytes()),
                Budget.of("maxResponseBytesInMemory", settings.maxResponseBytesInMemory()));
    }

    /** @return what makes the response bodies, with the settings' codec and {@code chunkBytes} */
    public ResponseBodies bodies() {
        return new ResponseBodies(codec(), settings.chunkBytes(), producers, held);
    }

    /** @return the settings' codec */
    public McpCodec codec() {
        return settings.codec();
    }
}
