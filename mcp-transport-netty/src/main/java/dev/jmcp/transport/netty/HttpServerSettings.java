package dev.jmcp.transport.netty;

import dev.jmcp.schema.codec.McpCodec;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The named settings of a {@link NettyHttpServer}, each with a default. Made by {@link #builder()};
 * immutable. Errors caused by a setting name it. The longest request body the server reads is the
 * codec's {@link dev.jmcp.schema.codec.CodecLimits#maxMessageBytes()} (16 MiB by default; a bigger
 * body is answered with 413).
 *
 * @since 0.1
 */
public final class HttpServerSettings {
    /** Browser pages served from this machine, over http or https, on any port. */
    public static final List<String> DEFAULT_ALLOWED_ORIGINS = List.of("http://localhost", "https://localhost",
            "http://127.0.0.1", "https://127.0.0.1", "http://[::1]", "https://[::1]");
    /** The loopback names: {@code localhost}, {@code 127.0.0.1} and {@code [::1]}, with any port. */
    public static final List<String> DEFAULT_ALLOWED_HOSTS = List.of("localhost", "127.0.0.1", "[::1]");
    /** 30 minutes. */
    public static final Duration DEFAULT_SESSION_IDLE_TIMEOUT = Duration.ofMinutes(30);
    /** {@value} events. */
    public static final int DEFAULT_REPLAY_BUFFER_EVENTS = 1000;
    /** {@value} bytes (16 MiB). */
    public static final long DEFAULT_REPLAY_BUFFER_BYTES = 16L * 1024 * 1024;
    /**
     * A quarter of the largest heap ({@code Runtime.maxMemory()}), at most 256 MiB: replay is a
     * convenience, and must never take the memory that the answers being made and written need.
     */
    public static final long DEFAULT_MAX_REPLAY_BYTES = Math.min(256L * 1024 * 1024,
            Runtime.getRuntime().maxMemory() / 4);
    /**
     * A quarter of the largest heap, at most 256 MiB: answers waiting for slow clients must leave
     * the rest of the heap to the answers being made.
     */
    public static final long DEFAULT_MAX_RESPONSE_BYTES_IN_MEMORY = Math.min(256L * 1024 * 1024,
            Runtime.getRuntime().maxMemory() / 4);
    /** {@value} bytes (64 KiB): a slow client makes the server hold about this much of a response, not the whole of it. */
    public static final int DEFAULT_WRITE_BUFFER_HIGH_WATER_MARK = 64 * 1024;
    /** {@value} bytes (8 KiB). */
    public static final int DEFAULT_CHUNK_BYTES = 8 * 1024;
    /** {@code /sse}, the path most HTTP+SSE servers of 2024-11-05 used. */
    public static final String DEFAULT_LEGACY_SSE_PATH = "/sse";
    /** {@code /messages}. */
    public static final String DEFAULT_LEGACY_MESSAGES_PATH = "/messages";
    /** {@value} sessions. */
    public static final int DEFAULT_MAX_SESSIONS = 1024;
    /** None: a session id is its random bits alone. */
    public static final String DEFAULT_SESSION_ID_PREFIX = "";
    /** {@value} threads. */
    public static final int DEFAULT_IO_THREADS = 2;
    /** 15 seconds: well inside the 60 s idle timeout of common proxies. */
    public static final Duration DEFAULT_SSE_KEEP_ALIVE_INTERVAL = Duration.ofSeconds(15);
    /**
     * Zero: every POST of requests in a session is answered on a primed, resumable SSE stream. About
     * 50 ms is the value to choose for speed: longer than a quick answer (a small read takes well
     * under a millisecond), short enough that a slow request's client gets its priming event at once.
     */
    public static final Duration DEFAULT_SSE_HEAD_DELAY = Duration.ZERO;
    /**
     * 50 ms: longer than a quick answer (a small read takes well under a millisecond), so that its
     * stream goes out in one write; short enough that a slow request's client gets its head and
     * priming event almost at once.
     */
    public static final Duration DEFAULT_SSE_HEAD_HOLD = Duration.ofMillis(50);
    /** {@value} threads. */
    public static final int DEFAULT_MAX_BODY_PRODUCERS = 64;
    /** {@value} bytes, Netty's default: room for any MCP path and query. */
    public static final int DEFAULT_MAX_INITIAL_LINE_BYTES = 4096;
    /** {@value} bytes, Netty's default: MCP's own headers are short. */
    public static final int DEFAULT_MAX_HEADER_BYTES = 8192;
    /** 30 seconds: a 16 MiB body needs about 4.5 Mbit/s to arrive in time. */
    public static final Duration DEFAULT_REQUEST_READ_TIMEOUT = Duration.ofSeconds(30);
    /** 60 seconds: longer than a client's pause between requests, as long as common proxies keep theirs. */
    public static final Duration DEFAULT_CONNECTION_IDLE_TIMEOUT = Duration.ofSeconds(60);
    /** {@value} connections: two per session at the default maxSessions, well under a JVM's usual descriptor limit. */
    public static final int DEFAULT_MAX_CONNECTIONS = 2048;
    /** {@value} bytes (64 MiB): four bodies of the default maxMessageBytes at once. */
    public static final long DEFAULT_MAX_BUFFERED_REQUEST_BYTES = 64L * 1024 * 1024;
    /** {@value} bytes (32 MiB): half of the default {@code maxBufferedRequestBytes}, two bodies of the default maxMessageBytes. */
    public static final long DEFAULT_MAX_BUFFERED_REQUEST_BYTES_PER_PEER = 32L * 1024 * 1024;

    private static final HttpServerSettings DEFAULTS = builder().build();

    private final McpCodec codec;
    private final boolean allowRemoteBind;
    private final List<String> allowedOrigins;
    private final List<String> allowedHosts;
    private final Duration sessionIdleTimeout;
    private final int replayBufferEvents;
    private final long replayBufferBytes;
    private final long maxReplayBytes;
    private final long maxResponseBytesInMemory;
    private final int writeBufferHighWaterMark;
    private final int chunkBytes;
    private final boolean jsonResponses;
    private final Duration sseHeadDelay;
    private final Duration sseHeadHold;
    private final String legacySsePath;
    private final String legacyMessagesPath;
    private final int maxSessions;
    private final String sessionIdPrefix;
    private final int ioThreads;
    private final Duration sseKeepAliveInterval;
    private final int maxBodyProducers;
    private final int maxInitialLineBytes;
    private final int maxHeaderBytes;
    private final Duration requestReadTimeout;
    private final Duration connectionIdleTimeout;
    private final int maxConnections;
    private final long maxBufferedRequestBytes;
    private final long maxBufferedRequestBytesPerPeer;

    private HttpServerSettings(Builder b) {
        this.codec = b.codec;
        this.allowRemoteBind = b.allowRemoteBind;
        this.allowedOrigins = b.allowedOrigins;
        this.allowedHosts = b.allowedHosts;
        this.sessionIdleTimeout = b.sessionIdleTimeout;
        this.replayBufferEvents = b.replayBufferEvents;
        this.replayBufferBytes = b.replayBufferBytes;
        this.maxReplayBytes = b.maxReplayBytes;
        this.maxResponseBytesInMemory = b.maxResponseBytesInMemory;
        this.writeBufferHighWaterMark = b.writeBufferHighWaterMark;
        this.chunkBytes = b.chunkBytes;
        this.jsonResponses = b.jsonResponses;
        this.sseHeadDelay = b.sseHeadDelay;
        this.sseHeadHold = b.sseHeadHold;
        this.legacySsePath = b.legacySsePath;
        this.legacyMessagesPath = b.legacyMessagesPath;
        this.maxSessions = b.maxSessions;
        this.sessionIdPrefix = b.sessionIdPrefix;
        this.ioThreads = b.ioThreads;
        this.sseKeepAliveInterval = b.sseKeepAliveInterval;
        this.maxBodyProducers = b.maxBodyProducers;
        this.maxInitialLineBytes = b.maxInitialLineBytes;
        this.maxHeaderBytes = b.maxHeaderBytes;
        this.requestReadTimeout = b.requestReadTimeout;
        this.connectionIdleTimeout = b.connectionIdleTimeout;
        this.maxConnections = b.maxConnections;
        this.maxBufferedRequestBytes = b.maxBufferedRequestBytes;
        this.maxBufferedRequestBytesPerPeer = b.maxBufferedRequestBytesPerPeer;
    }

    /** @return the defaults, with {@link McpCodec#defaults()} */
    public static HttpServerSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().codec(codec).allowRemoteBind(allowRemoteBind).allowedOrigins(allowedOrigins)
                .allowedHosts(allowedHosts).sessionIdleTimeout(sessionIdleTimeout)
                .replayBufferEvents(replayBufferEvents).replayBufferBytes(replayBufferBytes)
                .maxReplayBytes(maxReplayBytes)
                .maxResponseBytesInMemory(maxResponseBytesInMemory)
                .writeBufferHighWaterMark(writeBufferHighWaterMark).chunkBytes(chunkBytes)
                .jsonResponses(jsonResponses).sseHeadDelay(sseHeadDelay).sseHeadHold(sseHeadHold)
                .legacyPaths(legacySsePath, legacyMessagesPath)
                .maxSessions(maxSessions).sessionIdPrefix(sessionIdPrefix).ioThreads(ioThreads).sseKeepAliveInterval(sseKeepAliveInterval)
                .maxBodyProducers(maxBodyProducers).maxInitialLineBytes(maxInitialLineBytes)
                .maxHeaderBytes(maxHeaderBytes).requestReadTimeout(requestReadTimeout)
                .connectionIdleTimeout(connectionIdleTimeout).maxConnections(maxConnections)
                .maxBufferedRequestBytes(maxBufferedRequestBytes).maxBufferedRequestBytesPerPeer(maxBufferedRequestBytesPerPeer);
    }

    /** @return reads requests and writes responses */
    public McpCodec codec() {
        return codec;
    }

    /**
     * @return whether the server may listen on an address that is not a loopback address; false by
     *         default, as the spec advises
     */
    public boolean allowRemoteBind() {
        return allowRemoteBind;
    }

    /**
     * @return the {@code Origin}s a browser request may come from, lower case: entries like
     *         {@code http://localhost} (any port) or {@code http://localhost:3000} (that port only),
     *         or {@code *} for any; a request without {@code Origin} is always allowed; others get 403
     */
    public List<String> allowedOrigins() {
        return allowedOrigins;
    }

    /**
     * @return the host names a request's {@code Host} header may carry, with any port, lower case
     *         (DNS rebinding protection): such as {@code localhost}, {@code 127.0.0.1}, {@code [::1]},
     *         or {@code *} for any; the host of the served address is always allowed; others get 421
     */
    public List<String> allowedHosts() {
        return allowedHosts;
    }

    /** @return how long a session may go without a request and without an open stream before the server ends it */
    public Duration sessionIdleTimeout() {
        return sessionIdleTimeout;
    }

    /** @return the most SSE events a session keeps for {@code Last-Event-ID} replay, over all its streams */
    public int replayBufferEvents() {
        return replayBufferEvents;
    }

    /**
     * @return the most bytes of written SSE events a session keeps for replay: when a new event
     *         makes it keep more, the oldest lose their bytes first; an event larger than this is
     *         not kept at all. A resume that asks for an answer not kept gets a {@code -32603}
     *         error for the same request, naming the setting, in its place
     */
    public long replayBufferBytes() {
        return replayBufferBytes;
    }

    /**
     * @return the most bytes of written SSE events that all sessions together keep for replay; an
     *         event that would take more is not kept (the events already kept stay), and a resume
     *         that asks for it gets a {@code -32603} error naming this setting in its place. A
     *         session gives its bytes back as it drops events, and all of them when it ends; 0
     *         keeps nothing for replay
     */
    public long maxReplayBytes() {
        return maxReplayBytes;
    }

    /**
     * @return the most bytes that the answers of all connections, sessions and stateless requests
     *         together hold in memory while they are made and until their clients have taken them:
     *         text decoded for an answer and blobs staged to report progress (from the moment they are
     *         made), and the JSON of an answer without a blob read from a file or stream, encoded whole
     *         before it is written, which a slow client makes the server hold. A request whose answer
     *         cannot get its bytes while it is made is answered with {@code -32603} naming this
     *         setting (a blob that cannot be staged is read for its progress without being kept instead); an encoded
     *         answer that would take more is replaced by such an error; any other message is not
     *         sent. Blobs read from a file or stream while they are written are not counted: they
     *         stream with back-pressure, a few {@code chunkBytes} at a time
     */
    public long maxResponseBytesInMemory() {
        return maxResponseBytesInMemory;
    }

    /**
     * @return the bytes queued on a connection above which the server stops encoding a response until
     *         the client has read some; the low mark is half of it
     */
    public int writeBufferHighWaterMark() {
        return writeBufferHighWaterMark;
    }

    /**
     * @return the size of each piece a response is encoded and written in while it is made (one
     *         that reads a blob's file or stream); an answer encoded whole in memory is written as
     *         one piece
     */
    public int chunkBytes() {
        return chunkBytes;
    }

    /**
     * @return when true, a request whose answer is the first and only message for its POST is
     *         answered with {@code application/json}, however long it takes; when false (default),
     *         see {@link #sseHeadDelay()}
     */
    public boolean jsonResponses() {
        return jsonResponses;
    }

    /**
     * @return how long a POST of requests of a session waits for its answer before its response
     *         becomes an SSE stream (with the priming event of 2025-11-25, from which a client can
     *         resume). An answer that is the first and only message for the POST and comes within
     *         it is sent as a plain {@code application/json} body: one write, no stream to keep for
     *         replay. A message before the answer (a progress notification) starts the stream at
     *         once. Zero starts every stream at once. Not used with {@link #jsonResponses()}
     */
    public Duration sseHeadDelay() {
        return sseHeadDelay;
    }

    /**
     * @return how long the head and priming event of a POST's SSE stream may wait, unsent, for the
     *         stream's first message, so that a quick answer goes out with them in one write (head,
     *         priming event, answer and end of the response): the same bytes, fewer writes and
     *         wake-ups. A lone error answer that comes within it is sent as a plain
     *         {@code application/json} body instead (some clients take only a result as the end
     *         of a stream). Past it, or at a message that is not the last, the head goes out at once.
     *         Zero sends every head at once. Not used with {@link #jsonResponses()}, nor while
     *         {@link #sseHeadDelay()} is set (that delay decides first)
     */
    public Duration sseHeadHold() {
        return sseHeadHold;
    }

    /**
     * @return the path of the HTTP+SSE transport's (2024-11-05) event stream, such as {@code /sse};
     *         null when no legacy transport is served
     */
    public String legacySsePath() {
        return legacySsePath;
    }

    /** @return the path legacy clients POST to, such as {@code /messages}; null exactly when {@link #legacySsePath()} is */
    public String legacyMessagesPath() {
        return legacyMessagesPath;
    }

    /**
     * @return {@link #legacySsePath()} and {@link #legacyMessagesPath()}, the one setting of both;
     *         empty when no legacy transport is served
     */
    public List<String> legacyPaths() {
        return legacySsePath == null ? List.of() : List.of(legacySsePath, legacyMessagesPath);
    }

    /** @return the most sessions open at once; an {@code initialize} beyond it gets 503 */
    public int maxSessions() {
        return maxSessions;
    }

    /**
     * @return what every {@code Mcp-Session-Id} of this server starts with, before its random bits:
     *         a replica's name, such as {@code r1-}, by which a load balancer keeps each session on
     *         the replica that holds it (docs/scale-out.md); empty for none
     */
    public String sessionIdPrefix() {
        return sessionIdPrefix;
    }

    /** @return the Netty event-loop threads */
    public int ioThreads() {
        return ioThreads;
    }

    /**
     * @return how often a quiet response stream of a stateless (2026-07-28) request, such as that of
     *         {@code subscriptions/listen}, gets an SSE comment, so that proxies and clients with idle
     *         timeouts do not cut it
     */
    public Duration sseKeepAliveInterval() {
        return sseKeepAliveInterval;
    }

    /**
     * @return the most threads ({@code jmcp-http-body-<n>}) that encode, off the event loops, the
     *         response bodies that read a blob's file or stream; each holds one body until the client
     *         has taken all but its last few chunks. A body that needs one while all are busy waits
     *         for one, first come first served: its response pauses (its head may already be out),
     *         and no event loop waits
     */
    public int maxBodyProducers() {
        return maxBodyProducers;
    }

    /**
     * @return the longest request line ({@code POST /mcp HTTP/1.1}) read; a longer one gets 414 and
     *         the connection is closed
     */
    public int maxInitialLineBytes() {
        return maxInitialLineBytes;
    }

    /** @return the most bytes of header lines read for one request; more gets 431 and the connection is closed */
    public int maxHeaderBytes() {
        return maxHeaderBytes;
    }

    /**
     * @return the time from a request's first byte to its last: a deadline for the whole request
     *         (head and body), not a limit on the pauses between bytes, so a peer that trickles bytes
     *         is held to it too. A request not in by then gets 408 (or nothing, when a response is
     *         being written on its connection) and the connection is closed
     */
    public Duration requestReadTimeout() {
        return requestReadTimeout;
    }

    /**
     * @return how long a connection is kept with no request being read, none waiting for its answer
     *         and no response being written; it is then closed without a word. A connection with an
     *         open SSE stream, however quiet, or a response its client reads slowly, is never idle
     */
    public Duration connectionIdleTimeout() {
        return connectionIdleTimeout;
    }

    /**
     * @return the most connections open at once; one beyond it is answered 503 at once, without its
     *         request being read, and closed. Keep it under the process's descriptor limit
     *         ({@code ulimit -n}) less what sessions' files and the rest of the process need
     */
    public int maxConnections() {
        return maxConnections;
    }

    /**
     * @return the most bytes of request bodies being read at once, over all connections: a body is
     *         counted as it arrives and until it is complete (or its connection closes). A body that
     *         would go over gets 503 with {@code Retry-After}, and its connection is closed. At
     *         least the codec's {@code maxMessageBytes}, so that the longest body can be read
     */
    public long maxBufferedRequestBytes() {
        return maxBufferedRequestBytes;
    }

    /**
     * @return the most bytes of {@link #maxBufferedRequestBytes()} that the connections of one client
     *         (one IP address) hold together, so that one client sending many large bodies slowly
     *         cannot take the whole budget while the others' requests are refused. A piece past it
     *         gets 503 with {@code Retry-After} naming this setting, and its connection is closed. It
     *         is never less than the codec's {@code maxMessageBytes} (a client can always send one
     *         body of the longest kind) nor more than {@code maxBufferedRequestBytes}
     */
    public long maxBufferedRequestBytesPerPeer() {
        return maxBufferedRequestBytesPerPeer;
    }

    /** @return the longest request body read: the codec's {@code maxMessageBytes}, at most {@code Integer.MAX_VALUE} */
    public int maxRequestBytes() {
        return (int) Math.min(Integer.MAX_VALUE, codec.limits().maxMessageBytes());
    }

    @Override
    public String toString() {
        return "HttpServerSettings[allowRemoteBind=" + allowRemoteBind + ", allowedOrigins=" + allowedOrigins
                + ", allowedHosts=" + allowedHosts + ", sessionIdleTimeout=" + sessionIdleTimeout
                + ", replayBufferEvents=" + replayBufferEvents + ", replayBufferBytes=" + replayBufferBytes
                + ", maxReplayBytes=" + maxReplayBytes + ", maxResponseBytesInMemory=" + maxResponseBytesInMemory
                + ", writeBufferHighWaterMark=" + writeBufferHighWaterMark + ", chunkBytes=" + chunkBytes
                + ", jsonResponses=" + jsonResponses + ", sseHeadDelay=" + sseHeadDelay + ", sseHeadHold=" + sseHeadHold
                + ", legacySsePath=" + legacySsePath
                + ", legacyMessagesPath=" + legacyMessagesPath + ", maxSessions=" + maxSessions
                + ", sessionIdPrefix=" + sessionIdPrefix
                + ", ioThreads=" + ioThreads + ", sseKeepAliveInterval=" + sseKeepAliveInterval
                + ", maxBodyProducers=" + maxBodyProducers + ", maxInitialLineBytes=" + maxInitialLineBytes
                + ", maxHeaderBytes=" + maxHeaderBytes + ", requestReadTimeout=" + requestReadTimeout
                + ", connectionIdleTimeout=" + connectionIdleTimeout + ", maxConnections=" + maxConnections
                + ", maxBufferedRequestBytes=" + maxBufferedRequestBytes + ", maxBufferedRequestBytesPerPeer="
                + maxBufferedRequestBytesPerPeer + "]";
    }

    /**
     * Builds {@link HttpServerSettings}; each method checks its value at once and names the setting
     * when it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private McpCodec codec = McpCodec.defaults();
        private boolean allowRemoteBind;
        private List<String> allowedOrigins = DEFAULT_ALLOWED_ORIGINS;
        private List<String> allowedHosts = DEFAULT_ALLOWED_HOSTS;
        private Duration sessionIdleTimeout = DEFAULT_SESSION_IDLE_TIMEOUT;
        private int replayBufferEvents = DEFAULT_REPLAY_BUFFER_EVENTS;
        private long replayBufferBytes = DEFAULT_REPLAY_BUFFER_BYTES;
        private long maxReplayBytes = DEFAULT_MAX_REPLAY_BYTES;
        private long maxResponseBytesInMemory = DEFAULT_MAX_RESPONSE_BYTES_IN_MEMORY;
        private int writeBufferHighWaterMark = DEFAULT_WRITE_BUFFER_HIGH_WATER_MARK;
        private int chunkBytes = DEFAULT_CHUNK_BYTES;
        private boolean jsonResponses;
        private Duration sseHeadDelay = DEFAULT_SSE_HEAD_DELAY;
        private Duration sseHeadHold = DEFAULT_SSE_HEAD_HOLD;
        private String legacySsePath = DEFAULT_LEGACY_SSE_PATH;
        private String legacyMessagesPath = DEFAULT_LEGACY_MESSAGES_PATH;
        private int maxSessions = DEFAULT_MAX_SESSIONS;
        private String sessionIdPrefix = DEFAULT_SESSION_ID_PREFIX;
        private int ioThreads = DEFAULT_IO_THREADS;
        private Duration sseKeepAliveInterval = DEFAULT_SSE_KEEP_ALIVE_INTERVAL;
        private int maxBodyProducers = DEFAULT_MAX_BODY_PRODUCERS;
        private int maxInitialLineBytes = DEFAULT_MAX_INITIAL_LINE_BYTES;
        private int maxHeaderBytes = DEFAULT_MAX_HEADER_BYTES;
        private Duration requestReadTimeout = DEFAULT_REQUEST_READ_TIMEOUT;
        private Duration connectionIdleTimeout = DEFAULT_CONNECTION_IDLE_TIMEOUT;
        private int maxConnections = DEFAULT_MAX_CONNECTIONS;
        private long maxBufferedRequestBytes = DEFAULT_MAX_BUFFERED_REQUEST_BYTES;
        private long maxBufferedRequestBytesPerPeer = DEFAULT_MAX_BUFFERED_REQUEST_BYTES_PER_PEER;

        private Builder() {
        }

        /** @param value never null; see {@link HttpServerSettings#codec()} */
        public Builder codec(McpCodec value) {
            this.codec = Objects.requireNonNull(value, "codec");
            return this;
        }

        /** @param value see {@link HttpServerSettings#allowRemoteBind()} */
        public Builder allowRemoteBind(boolean value) {
            this.allowRemoteBind = value;
            return this;
        }

        /** @param value never null; see {@link HttpServerSettings#allowedOrigins()} */
        public Builder allowedOrigins(List<String> value) {
            this.allowedOrigins = lowerCase(value, "allowedOrigins");
            return this;
        }

        /** @param value never null; see {@link HttpServerSettings#allowedHosts()} */
        public Builder allowedHosts(List<String> value) {
            this.allowedHosts = lowerCase(value, "allowedHosts");
            return this;
        }

        /** @param value positive; see {@link HttpServerSettings#sessionIdleTimeout()} */
        public Builder sessionIdleTimeout(Duration value) {
            this.sessionIdleTimeout = positive(value, "sessionIdleTimeout");
            return this;
        }

        /** @param value at least 1; see {@link HttpServerSettings#replayBufferEvents()} */
        public Builder replayBufferEvents(int value) {
            this.replayBufferEvents = (int) atLeast(value, 1, "replayBufferEvents");
            return this;
        }

        /** @param value at least 1; see {@link HttpServerSettings#replayBufferBytes()} */
        public Builder replayBufferBytes(long value) {
            this.replayBufferBytes = atLeast(value, 1, "replayBufferBytes");
            return this;
        }

        /** @param value at least 0; see {@link HttpServerSettings#maxReplayBytes()} */
        public Builder maxReplayBytes(long value) {
            this.maxReplayBytes = atLeast(value, 0, "maxReplayBytes");
            return this;
        }

        /** @param value at least 0; see {@link HttpServerSettings#maxResponseBytesInMemory()} */
        public Builder maxResponseBytesInMemory(long value) {
            this.maxResponseBytesInMemory = atLeast(value, 0, "maxResponseBytesInMemory");
            return this;
        }

        /** @param value at least 1024; see {@link HttpServerSettings#writeBufferHighWaterMark()} */
        public Builder writeBufferHighWaterMark(int value) {
            this.writeBufferHighWaterMark = (int) atLeast(value, 1024, "writeBufferHighWaterMark");
            return this;
        }

        /** @param value at least 256; see {@link HttpServerSettings#chunkBytes()} */
        public Builder chunkBytes(int value) {
            this.chunkBytes = (int) atLeast(value, 256, "chunkBytes");
            return this;
        }

        /** @param value see {@link HttpServerSettings#jsonResponses()} */
        public Builder jsonResponses(boolean value) {
            this.jsonResponses = value;
            return this;
        }

        /** @param value zero or positive; see {@link HttpServerSettings#sseHeadDelay()} */
        public Builder sseHeadDelay(Duration value) {
            this.sseHeadDelay = notNegative(value, "sseHeadDelay");
            return this;
        }

        /** @param value zero or positive; see {@link HttpServerSettings#sseHeadHold()} */
        public Builder sseHeadHold(Duration value) {
            this.sseHeadHold = notNegative(value, "sseHeadHold");
            return this;
        }

        /**
         * @param ssePath      see {@link HttpServerSettings#legacySsePath()}
         * @param messagesPath see {@link HttpServerSettings#legacyMessagesPath()}; both null to serve
         *                     no legacy transport, else two different paths that start with {@code /}
         */
        public Builder legacyPaths(String ssePath, String messagesPath) {
            if ((ssePath == null) != (messagesPath == null)) {
                throw new IllegalArgumentException("legacySsePath and legacyMessagesPath are both set or both null,"
                        + " were " + ssePath + " and " + messagesPath);
            }
            if (ssePath != null) {
                path(ssePath, "legacySsePath");
                path(messagesPath, "legacyMessagesPath");
                if (ssePath.equals(messagesPath)) {
                    throw new IllegalArgumentException("legacySsePath and legacyMessagesPath must differ, both were "
                            + ssePath);
                }
            }
            this.legacySsePath = ssePath;
            this.legacyMessagesPath = messagesPath;
            return this;
        }

        /**
         * The two legacy paths as one setting, as a command line writes it ({@code --set
         * legacyPaths=/sse,/messages}).
         *
         * @param paths the event stream's path and the messages path, or none to serve no legacy
         *              transport; never null
         * @see #legacyPaths(String, String)
         */
        public Builder legacyPaths(List<String> paths) {
            Objects.requireNonNull(paths, "legacyPaths");
            if (paths.isEmpty()) {
                return legacyPaths(null, null);
            }
            if (paths.size() != 2) {
                throw new IllegalArgumentException("legacyPaths takes two paths (SSE,messages), or none; was " + paths);
            }
            return legacyPaths(paths.get(0), paths.get(1));
        }

        /**
         * @param value at most 32 letters, digits, {@code -}, {@code _} or {@code .}; see
         *              {@link HttpServerSettings#sessionIdPrefix()}
         */
        public Builder sessionIdPrefix(String value) {
            if (value == null || !value.matches("[A-Za-z0-9._-]{0,32}")) {
                throw new IllegalArgumentException("sessionIdPrefix takes at most 32 letters, digits, '-', '_' or '.',"
                        + " was '" + value + "'");
            }
            this.sessionIdPrefix = value;
            return this;
        }

        /** @param value at least 1; see {@link HttpServerSettings#maxSessions()} */
        public Builder maxSessions(int value) {
            this.maxSessions = (int) atLeast(value, 1, "maxSessions");
            return this;
        }

        /** @param value at least 1; see {@link HttpServerSettings#ioThreads()} */
        public Builder ioThreads(int value) {
            this.ioThreads = (int) atLeast(value, 1, "ioThreads");
            return this;
        }

        /** @param value positive; see {@link HttpServerSettings#sseKeepAliveInterval()} */
        public Builder sseKeepAliveInterval(Duration value) {
            this.sseKeepAliveInterval = positive(value, "sseKeepAliveInterval");
            return this;
        }

        /** @param value at least 1; see {@link HttpServerSettings#maxBodyProducers()} */
        public Builder maxBodyProducers(int value) {
            this.maxBodyProducers = (int) atLeast(value, 1, "maxBodyProducers");
            return this;
        }

        /** @param value at least 256; see {@link HttpServerSettings#maxInitialLineBytes()} */
        public Builder maxInitialLineBytes(int value) {
            this.maxInitialLineBytes = (int) atLeast(value, 256, "maxInitialLineBytes");
            return this;
        }

        /** @param value at least 1024; see {@link HttpServerSettings#maxHeaderBytes()} */
        public Builder maxHeaderBytes(int value) {
            this.maxHeaderBytes = (int) atLeast(value, 1024, "maxHeaderBytes");
            return this;
        }

        /** @param value positive; see {@link HttpServerSettings#requestReadTimeout()} */
        public Builder requestReadTimeout(Duration value) {
            this.requestReadTimeout = positive(value, "requestReadTimeout");
            return this;
        }

        /** @param value positive; see {@link HttpServerSettings#connectionIdleTimeout()} */
        public Builder connectionIdleTimeout(Duration value) {
            this.connectionIdleTimeout = positive(value, "connectionIdleTimeout");
            return this;
        }

        /** @param value at least 1; see {@link HttpServerSettings#maxConnections()} */
        public Builder maxConnections(int value) {
            this.maxConnections = (int) atLeast(value, 1, "maxConnections");
            return this;
        }

        /**
         * @param value at least 1, and checked by {@link #build()} against the codec's
         *              {@code maxMessageBytes}; see {@link HttpServerSettings#maxBufferedRequestBytes()}
         */
        public Builder maxBufferedRequestBytes(long value) {
            this.maxBufferedRequestBytes = atLeast(value, 1, "maxBufferedRequestBytes");
            return this;
        }

        /** @param value at least 1; see {@link HttpServerSettings#maxBufferedRequestBytesPerPeer()} */
        public Builder maxBufferedRequestBytesPerPeer(long value) {
            this.maxBufferedRequestBytesPerPeer = atLeast(value, 1, "maxBufferedRequestBytesPerPeer");
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalArgumentException when {@code maxBufferedRequestBytes} is less than the
         *         codec's {@code maxMessageBytes}: a body of that length could never be read
         */
        public HttpServerSettings build() {
            long maxMessageBytes = codec.limits().maxMessageBytes();
            // a body is read whole into memory, so none is longer than an int's worth (see maxRequestBytes)
            if (maxBufferedRequestBytes < Math.min(Integer.MAX_VALUE, maxMessageBytes)) {
                throw new IllegalArgumentException("maxBufferedRequestBytes=" + maxBufferedRequestBytes + " is less "
                        + "than the codec's maxMessageBytes=" + maxMessageBytes + ": a body that long could never be "
                        + "read; raise maxBufferedRequestBytes or lower maxMessageBytes");
            }
            return new HttpServerSettings(this);
        }

        private static List<String> lowerCase(List<String> value, String name) {
            Objects.requireNonNull(value, name);
            return value.stream().map(entry -> Objects.requireNonNull(entry, name).toLowerCase(Locale.ROOT)).toList();
        }

        private static Duration notNegative(Duration value, String name) {
            Objects.requireNonNull(value, name);
            if (value.isNegative()) {
                throw new IllegalArgumentException(name + " must be zero or positive, was " + value);
            }
            return value;
        }

        private static Duration positive(Duration value, String name) {
            Objects.requireNonNull(value, name);
            if (value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException(name + " must be positive, was " + value);
            }
            return value;
        }

        private static long atLeast(long value, long min, String name) {
            if (value < min) {
                throw new IllegalArgumentException(name + " must be >= " + min + ", was " + value);
            }
            return value;
        }

        private static void path(String value, String name) {
            if (!value.startsWith("/") || value.contains("?") || value.contains("#")) {
                throw new IllegalArgumentException(name + " must be a path that starts with '/', was " + value);
            }
        }
    }
}
