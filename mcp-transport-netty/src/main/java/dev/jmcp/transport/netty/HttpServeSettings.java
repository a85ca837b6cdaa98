package dev.jmcp.transport.netty;

import dev.jmcp.core.internal.transport.NamedSettings;
import dev.jmcp.transport.netty.HttpServerSettings.Builder;
import java.util.List;

/**
 * The {@link HttpServerSettings} that {@link StreamableHttpTransportProvider#serve(java.net.URI,
 * dev.jmcp.core.spi.ServeOptions, java.util.function.Consumer)} accepts by name: every one, under the
 * name of its builder method, but the codec and {@code allowRemoteBind}, which
 * {@link dev.jmcp.core.spi.ServeOptions} carries typed ({@code limits}, {@code allowRemoteBind}).
 */
final class HttpServeSettings {
    static final NamedSettings<Builder> NAMES = new NamedSettings<Builder>(StreamableHttpTransportProvider.ID)
            .list("allowedHosts", "Host names a request may carry, comma-separated, or * for any (default "
                    + String.join(",", HttpServerSettings.DEFAULT_ALLOWED_HOSTS) + ")", Builder::allowedHosts)
            .list("allowedOrigins", "browser Origins allowed, comma-separated, or * for any (default: the "
                    + "loopback names)", Builder::allowedOrigins)
            .integer("maxSessions", "sessions open at once (default " + HttpServerSettings.DEFAULT_MAX_SESSIONS + ")",
                    Builder::maxSessions)
            .integer("maxConnections", "connections open at once (default " + HttpServerSettings.DEFAULT_MAX_CONNECTIONS
                    + ")", Builder::maxConnections)
            .number("maxBufferedRequestBytes", "bytes of request bodies being read at once, over all connections "
                    + "(default " + HttpServerSettings.DEFAULT_MAX_BUFFERED_REQUEST_BYTES + ")",
                    Builder::maxBufferedRequestBytes)
            .number("maxResponseBytesInMemory", "bytes of answers held for slow clients, over all connections "
                    + "(default: a quarter of the heap, at most 256 MiB)", Builder::maxResponseBytesInMemory)
            .integer("maxInitialLineBytes", "longest request line (default "
                    + HttpServerSettings.DEFAULT_MAX_INITIAL_LINE_BYTES + ")", Builder::maxInitialLineBytes)
            .integer("maxHeaderBytes", "bytes of a request's headers (default "
                    + HttpServerSettings.DEFAULT_MAX_HEADER_BYTES + ")", Builder::maxHeaderBytes)
            .duration("requestReadTimeout", "time from a request's first byte to its last (default "
                    + HttpServerSettings.DEFAULT_REQUEST_READ_TIMEOUT.toSeconds() + "s)", Builder::requestReadTimeout)
            .duration("connectionIdleTimeout", "idle time before a connection is closed (default "
                    + HttpServerSettings.DEFAULT_CONNECTION_IDLE_TIMEOUT.toSeconds() + "s)",
                    Builder::connectionIdleTimeout)
            .duration("sessionIdleTimeout", "idle time before a session ends (default "
                    + HttpServerSettings.DEFAULT_SESSION_IDLE_TIMEOUT.toMinutes() + "m)", Builder::sessionIdleTimeout)
            .integer("replayBufferEvents", "SSE events a session keeps for resumption (default "
                    + HttpServerSettings.DEFAULT_REPLAY_BUFFER_EVENTS + ")", Builder::replayBufferEvents)
            .number("replayBufferBytes", "bytes of SSE events a session keeps for resumption (default "
                    + HttpServerSettings.DEFAULT_REPLAY_BUFFER_BYTES + ")", Builder::replayBufferBytes)
            .number("maxReplayBytes", "bytes of SSE events kept for resumption, over all sessions (default: "
                    + "a quarter of the heap, at most 256 MiB)", Builder::maxReplayBytes)
            .duration("sseKeepAliveInterval", "how often a quiet stateless stream gets a comment (default "
                    + HttpServerSettings.DEFAULT_SSE_KEEP_ALIVE_INTERVAL.toSeconds() + "s)",
                    Builder::sseKeepAliveInterval)
            .flag("jsonResponses", "answer every single answer as application/json, never SSE (default false)",
                    Builder::jsonResponses)
            .duration("sseHeadDelay", "how long a POST waits for its answer before its reply becomes a stream "
                    + "(default 0ms)", Builder::sseHeadDelay)
            .duration("sseHeadHold", "how long a stream's head may wait for its first message (default "
                    + HttpServerSettings.DEFAULT_SSE_HEAD_HOLD.toMillis() + "ms)", Builder::sseHeadHold)
            .list("legacyPaths", "the two paths of the 2024-11-05 HTTP+SSE transport, or empty for none "
                    + "(default " + HttpServerSettings.DEFAULT_LEGACY_SSE_PATH + ","
                    + HttpServerSettings.DEFAULT_LEGACY_MESSAGES_PATH + ")", HttpServeSettings::legacyPaths)
            .integer("ioThreads", "Netty event-loop threads (default " + HttpServerSettings.DEFAULT_IO_THREADS + ")",
                    Builder::ioThreads)
            .integer("maxBodyProducers", "threads that encode blobs read from files (default "
                    + HttpServerSettings.DEFAULT_MAX_BODY_PRODUCERS + ")", Builder::maxBodyProducers)
            .integer("writeBufferHighWaterMark", "bytes queued on a connection before encoding pauses (default "
                    + HttpServerSettings.DEFAULT_WRITE_BUFFER_HIGH_WATER_MARK + ")", Builder::writeBufferHighWaterMark)
            .integer("chunkBytes", "size of each piece a response is written in (default "
                    + HttpServerSettings.DEFAULT_CHUNK_BYTES + ")", Builder::chunkBytes);

    private HttpServeSettings() {
    }

    private static Builder legacyPaths(Builder builder, List<String> paths) {
        if (paths.isEmpty()) {
            return builder.legacyPaths(null, null);
        }
        if (paths.size() != 2) {
            throw new IllegalArgumentException("two paths expected (SSE,messages), or none");
        }
        return builder.legacyPaths(paths.get(0), paths.get(1));
    }
}
