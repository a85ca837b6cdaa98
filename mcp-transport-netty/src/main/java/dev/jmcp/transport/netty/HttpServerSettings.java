package dev.jmcp.transport.netty;

import dev.jmcp.schema.codec.McpCodec;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The named settings of a {@link NettyHttpServer}, each with a default. Errors caused by a
 * setting name it. The longest request body the server reads is the codec's
 * {@link dev.jmcp.schema.codec.CodecLimits#maxMessageBytes()} (16 MiB by default; a bigger body is
 * answered with 413).
 *
 * @param codec                    reads requests and writes responses; never null
 * @param allowRemoteBind          whether the server may listen on an address that is not a
 *                                 loopback address; false by default, as the spec advises
 * @param allowedOrigins           the {@code Origin}s a browser request may come from: entries like
 *                                 {@code http://localhost} (any port) or {@code http://localhost:3000}
 *                                 (that port only), or {@code *} for any; a request without
 *                                 {@code Origin} is always allowed; others get 403. Never null
 * @param allowedHosts             the host names a request's {@code Host} header may carry, with any
 *                                 port (DNS rebinding protection): such as {@code localhost},
 *                                 {@code 127.0.0.1}, {@code [::1]}, or {@code *} for any; the host of
 *                                 the served address is always allowed; others get 421. Never null
 * @param sessionIdleTimeout       how long a session may go without a request and without an open
 *                                 stream before the server ends it; never null, positive
 * @param replayBufferEvents       the most SSE events a session keeps for {@code Last-Event-ID}
 *                                 replay, over all its streams; at least 1
 * @param replayBufferBytes        the most encoded bytes of written SSE events a session keeps for
 *                                 replay; the oldest are dropped first; at least 1
 * @param writeBufferHighWaterMark the bytes queued on a connection above which the server stops
 *                                 encoding a response until the client has read some; the low mark
 *                                 is half of it; at least 1024
 * @param chunkBytes               the size of each piece a response is encoded and written in; at least 256
 * @param jsonResponses            when true, a request whose answer is the first and only message
 *                                 for its POST is answered with {@code application/json}; when false
 *                                 (default) every POST with requests gets an SSE stream, which a
 *                                 client can resume
 * @param legacySsePath            the path of the HTTP+SSE transport's (2024-11-05) event stream,
 *                                 such as {@code /sse}; null to serve no legacy transport
 * @param legacyMessagesPath       the path legacy clients POST to, such as {@code /messages}; null
 *                                 exactly when {@code legacySsePath} is
 * @param maxSessions              the most sessions open at once; an {@code initialize} beyond it
 *                                 gets 503; at least 1
 * @param ioThreads                the Netty event-loop threads; at least 1
 * @param sseKeepAliveInterval     how often a quiet response stream of a stateless (2026-07-28)
 *                                 request, such as that of {@code subscriptions/listen}, gets an SSE
 *                                 comment, so that proxies and clients with idle timeouts do not cut
 *                                 it; never null, positive
 * @param maxBodyProducers         the most threads ({@code jmcp-http-body-<n>}) that encode, off the
 *                                 event loops, the response bodies that read a blob's file or
 *                                 stream; each holds one body until the client has taken all but
 *                                 its last few chunks. A body that needs one while all are busy
 *                                 waits for one, first come first served: its response pauses (its
 *                                 head may already be out), and no event loop waits. At least 1
 * @param maxInitialLineBytes      the longest request line ({@code POST /mcp HTTP/1.1}) read; a
 *                                 longer one gets 414 and the connection is closed; at least 256
 * @param maxHeaderBytes           the most bytes of header lines read for one request; more gets
 *                                 431 and the connection is closed; at least 1024
 * @since 0.1
 */
public record HttpServerSettings(
        McpCodec codec,
        boolean allowRemoteBind,
        List<String> allowedOrigins,
        List<String> allowedHosts,
        Duration sessionIdleTimeout,
        int replayBufferEvents,
        long replayBufferBytes,
        int writeBufferHighWaterMark,
        int chunkBytes,
        boolean jsonResponses,
        String legacySsePath,
        String legacyMessagesPath,
        int maxSessions,
        int ioThreads,
        Duration sseKeepAliveInterval,
        int maxBodyProducers,
        int maxInitialLineBytes,
        int maxHeaderBytes) {

    /** Browser pages served from this machine, over http or https, on any port. */
    public static final List<String> DEFAULT_ALLOWED_ORIGINS = List.of("http://localhost", "https://localhost",
            "http://127.0.0.1", "https://127.0.0.1", "http://[::1]", "https://[::1]");
    /** The loopback names: {@code localhost}, {@code 127.0.0.1} and {@code [::1]}, with any port. */
    public static final List<String> DEFAULT_ALLOWED_HOSTS = List.of("localhost", "127.0.0.1", "[::1]");
    /** 30 minutes. */
    public static final Duration DEFAULT_SESSION_IDLE_TIMEOUT = Duration.ofMinutes(30);
    /** 1,000 events. */
    public static final int DEFAULT_REPLAY_BUFFER_EVENTS = 1000;
    /** 16 MiB. */
    public static final long DEFAULT_REPLAY_BUFFER_BYTES = 16L * 1024 * 1024;
    /** 64 KiB: a slow client makes the server hold about this much of a response, not the whole of it. */
    public static final int DEFAULT_WRITE_BUFFER_HIGH_WATER_MARK = 64 * 1024;
    /** 8 KiB. */
    public static final int DEFAULT_CHUNK_BYTES = 8 * 1024;
    /** {@code /sse}, the path most HTTP+SSE servers of 2024-11-05 used. */
    public static final String DEFAULT_LEGACY_SSE_PATH = "/sse";
    /** {@code /messages}. */
    public static final String DEFAULT_LEGACY_MESSAGES_PATH = "/messages";
    /** 1,024 sessions. */
    public static final int DEFAULT_MAX_SESSIONS = 1024;
    /** 2 threads. */
    public static final int DEFAULT_IO_THREADS = 2;
    /** 15 seconds: well inside the 60 s idle timeout of common proxies. */
    public static final Duration DEFAULT_SSE_KEEP_ALIVE_INTERVAL = Duration.ofSeconds(15);
    /** 64 threads. */
    public static final int DEFAULT_MAX_BODY_PRODUCERS = 64;
    /** 4,096 bytes, Netty's default: room for any MCP path and query. */
    public static final int DEFAULT_MAX_INITIAL_LINE_BYTES = 4096;
    /** 8,192 bytes, Netty's default: MCP's own headers are short. */
    public static final int DEFAULT_MAX_HEADER_BYTES = 8192;

    /** The defaults, with {@link McpCodec#defaults()}. */
    public static final HttpServerSettings DEFAULTS = new HttpServerSettings(McpCodec.defaults(), false,
            DEFAULT_ALLOWED_ORIGINS, DEFAULT_ALLOWED_HOSTS, DEFAULT_SESSION_IDLE_TIMEOUT, DEFAULT_REPLAY_BUFFER_EVENTS,
            DEFAULT_REPLAY_BUFFER_BYTES, DEFAULT_WRITE_BUFFER_HIGH_WATER_MARK, DEFAULT_CHUNK_BYTES, false,
            DEFAULT_LEGACY_SSE_PATH, DEFAULT_LEGACY_MESSAGES_PATH, DEFAULT_MAX_SESSIONS, DEFAULT_IO_THREADS,
            DEFAULT_SSE_KEEP_ALIVE_INTERVAL, DEFAULT_MAX_BODY_PRODUCERS, DEFAULT_MAX_INITIAL_LINE_BYTES,
            DEFAULT_MAX_HEADER_BYTES);

    public HttpServerSettings {
        Objects.requireNonNull(codec, "codec");
        allowedOrigins = List.copyOf(allowedOrigins).stream().map(o -> o.toLowerCase(Locale.ROOT)).toList();
        allowedHosts = List.copyOf(allowedHosts).stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
        Objects.requireNonNull(sessionIdleTimeout, "sessionIdleTimeout");
        if (sessionIdleTimeout.isZero() || sessionIdleTimeout.isNegative()) {
            throw new IllegalArgumentException("sessionIdleTimeout must be positive, was " + sessionIdleTimeout);
        }
        atLeast(replayBufferEvents, 1, "replayBufferEvents");
        if (replayBufferBytes < 1) {
            throw new IllegalArgumentException("replayBufferBytes must be >= 1, was " + replayBufferBytes);
        }
        atLeast(writeBufferHighWaterMark, 1024, "writeBufferHighWaterMark");
        atLeast(chunkBytes, 256, "chunkBytes");
        if ((legacySsePath == null) != (legacyMessagesPath == null)) {
            throw new IllegalArgumentException("legacySsePath and legacyMessagesPath are both set or both null, were "
                    + legacySsePath + " and " + legacyMessagesPath);
        }
        if (legacySsePath != null) {
            path(legacySsePath, "legacySsePath");
            path(legacyMessagesPath, "legacyMessagesPath");
            if (legacySsePath.equals(legacyMessagesPath)) {
                throw new IllegalArgumentException("legacySsePath and legacyMessagesPath must differ, both were "
                        + legacySsePath);
            }
        }
        atLeast(maxSessions, 1, "maxSessions");
        atLeast(ioThreads, 1, "ioThreads");
        Objects.requireNonNull(sseKeepAliveInterval, "sseKeepAliveInterval");
        if (sseKeepAliveInterval.isZero() || sseKeepAliveInterval.isNegative()) {
            throw new IllegalArgumentException("sseKeepAliveInterval must be positive, was " + sseKeepAliveInterval);
        }
        atLeast(maxBodyProducers, 1, "maxBodyProducers");
        atLeast(maxInitialLineBytes, 256, "maxInitialLineBytes");
        atLeast(maxHeaderBytes, 1024, "maxHeaderBytes");
    }

    private static void atLeast(long value, long min, String name) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be >= " + min + ", was " + value);
        }
    }

    private static void path(String value, String name) {
        if (!value.startsWith("/") || value.contains("?") || value.contains("#")) {
            throw new IllegalArgumentException(name + " must be a path that starts with '/', was " + value);
        }
    }

    /** @return these settings with another {@code codec} */
    public HttpServerSettings withCodec(McpCodec value) {
        return new HttpServerSettings(value, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code allowRemoteBind} */
    public HttpServerSettings withAllowRemoteBind(boolean value) {
        return new HttpServerSettings(codec, value, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with other {@code allowedOrigins} */
    public HttpServerSettings withAllowedOrigins(List<String> value) {
        return new HttpServerSettings(codec, allowRemoteBind, value, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with other {@code allowedHosts} */
    public HttpServerSettings withAllowedHosts(List<String> value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, value, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code sessionIdleTimeout} */
    public HttpServerSettings withSessionIdleTimeout(Duration value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, value,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code replayBufferEvents} */
    public HttpServerSettings withReplayBufferEvents(int value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                value, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code replayBufferBytes} */
    public HttpServerSettings withReplayBufferBytes(long value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, value, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code writeBufferHighWaterMark} */
    public HttpServerSettings withWriteBufferHighWaterMark(int value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, value, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code chunkBytes} */
    public HttpServerSettings withChunkBytes(int value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, value, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code jsonResponses} */
    public HttpServerSettings withJsonResponses(boolean value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, value,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with other legacy paths; both null to serve no legacy transport */
    public HttpServerSettings withLegacyPaths(String ssePath, String messagesPath) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                ssePath, messagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code maxSessions} */
    public HttpServerSettings withMaxSessions(int value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, value, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code ioThreads} */
    public HttpServerSettings withIoThreads(int value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, value, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code sseKeepAliveInterval} */
    public HttpServerSettings withSseKeepAliveInterval(Duration value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, value, maxBodyProducers,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code maxBodyProducers} */
    public HttpServerSettings withMaxBodyProducers(int value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, value,
                maxInitialLineBytes, maxHeaderBytes);
    }

    /** @return these settings with another {@code maxInitialLineBytes} */
    public HttpServerSettings withMaxInitialLineBytes(int value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                value, maxHeaderBytes);
    }

    /** @return these settings with another {@code maxHeaderBytes} */
    public HttpServerSettings withMaxHeaderBytes(int value) {
        return new HttpServerSettings(codec, allowRemoteBind, allowedOrigins, allowedHosts, sessionIdleTimeout,
                replayBufferEvents, replayBufferBytes, writeBufferHighWaterMark, chunkBytes, jsonResponses,
                legacySsePath, legacyMessagesPath, maxSessions, ioThreads, sseKeepAliveInterval, maxBodyProducers,
                maxInitialLineBytes, value);
    }

    /** @return the longest request body read: the codec's {@code maxMessageBytes}, at most {@code Integer.MAX_VALUE} */
    public int maxRequestBytes() {
        return (int) Math.min(Integer.MAX_VALUE, codec.limits().maxMessageBytes());
    }
}
