package dev.jmcp.core;

import dev.jmcp.core.spi.CacheHint;
import java.time.Duration;
import java.util.Objects;

/**
 * The server-wide limits and defaults of a {@link McpServer}, shared by every session and every
 * stateless request it serves. Made by {@link #builder()}; immutable. Errors caused by a limit name
 * it, such as {@code "the server is busy: maxRequestsInFlight=512 ..."}.
 *
 * @since 0.1
 */
public final class ServerSettings {
    /** Twice the processors, at least 8: handlers that wait on I/O should return a {@code CompletionStage}. */
    public static final int DEFAULT_HANDLER_THREADS = Math.max(8, 2 * Runtime.getRuntime().availableProcessors());
    /** {@value} requests over the whole server. */
    public static final int DEFAULT_MAX_REQUESTS_IN_FLIGHT = 512;
    /** {@value} open {@code subscriptions/listen} streams. */
    public static final int DEFAULT_MAX_OPEN_LISTENS = 1024;
    /** {@value} resource URIs in one listen: as many as {@code maxSubscriptionsPerSession} allows a session. */
    public static final int DEFAULT_MAX_URIS_PER_LISTEN = 10_000;
    /** {@value} resource URIs over all open listens: a few MiB of strings. */
    public static final int DEFAULT_MAX_LISTEN_URIS = 100_000;
    /** Fifteen minutes: long enough for a person to answer an elicitation. */
    public static final Duration DEFAULT_REQUEST_STATE_TTL = Duration.ofMinutes(15);
    /** 10 seconds: long enough for a body on its way over loopback or a LAN, short enough for a shutdown. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private static final ServerSettings DEFAULTS = builder().build();

    private final int handlerThreads;
    private final int maxRequestsInFlight;
    private final int maxOpenListens;
    private final int maxUrisPerListen;
    private final int maxListenUris;
    private final Duration requestStateTtl;
    private final CacheHint defaultCacheHint;
    private final Duration closeTimeout;

    private ServerSettings(Builder builder) {
        this.handlerThreads = builder.handlerThreads;
        this.maxRequestsInFlight = builder.maxRequestsInFlight;
        this.maxOpenListens = builder.maxOpenListens;
        this.maxUrisPerListen = builder.maxUrisPerListen;
        this.maxListenUris = builder.maxListenUris;
        this.requestStateTtl = builder.requestStateTtl;
        this.defaultCacheHint = builder.defaultCacheHint;
        this.closeTimeout = builder.closeTimeout;
    }

    /** @return the defaults */
    public static ServerSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().handlerThreads(handlerThreads).maxRequestsInFlight(maxRequestsInFlight)
                .maxOpenListens(maxOpenListens).maxUrisPerListen(maxUrisPerListen).maxListenUris(maxListenUris)
                .requestStateTtl(requestStateTtl).defaultCacheHint(defaultCacheHint)
                .closeTimeout(closeTimeout);
    }

    /**
     * @return the threads of the one executor that runs every handler of the server, when the
     *         builder is not given an executor of its own
     */
    public int handlerThreads() {
        return handlerThreads;
    }

    /**
     * @return the most requests the whole server handles at once, over all sessions and stateless
     *         requests; one beyond it is answered at once with {@code -32603} naming this setting.
     *         Each session is bounded alone too, by
     *         {@link dev.jmcp.core.session.SessionSettings#maxRequestsInFlightPerSession()}
     */
    public int maxRequestsInFlight() {
        return maxRequestsInFlight;
    }

    /**
     * @return the most {@code subscriptions/listen} streams open at once; one beyond it is refused
     *         with {@code -32603} naming this setting
     */
    public int maxOpenListens() {
        return maxOpenListens;
    }

    /**
     * @return the most resource URIs one {@code subscriptions/listen} may ask for; one that asks for
     *         more is refused with {@code -32602} naming this setting, and nothing is opened
     */
    public int maxUrisPerListen() {
        return maxUrisPerListen;
    }

    /**
     * @return the most resource URIs all open {@code subscriptions/listen} streams together watch; a
     *         listen that would take the total past it is refused with {@code -32603} naming this
     *         setting. With {@link #maxOpenListens()} and {@link #maxUrisPerListen()} it bounds the
     *         memory listens hold
     */
    public int maxListenUris() {
        return maxListenUris;
    }

    /** @return how long a sealed multi round-trip {@code requestState} stays valid */
    public Duration requestStateTtl() {
        return requestStateTtl;
    }

    /**
     * @return the caching hints of a stateless request's cacheable result whose producer gave none
     *         (a provider's own {@link dev.jmcp.core.spi.ResourceProvider#cacheHint()} comes first)
     */
    public CacheHint defaultCacheHint() {
        return defaultCacheHint;
    }

    /**
     * @return the most {@link McpServer#close()} waits for what is still being read from the
     *         providers (handlers still running, blob bodies still being written) before it closes
     *         them; past it, the providers are closed anyway and a WARNING says how many bodies were cut
     */
    public Duration closeTimeout() {
        return closeTimeout;
    }

    @Override
    public String toString() {
        return "ServerSettings[handlerThreads=" + handlerThreads + ", maxRequestsInFlight=" + maxRequestsInFlight
                + ", maxOpenListens=" + maxOpenListens + ", maxUrisPerListen=" + maxUrisPerListen
                + ", maxListenUris=" + maxListenUris + ", requestStateTtl=" + requestStateTtl
                + ", defaultCacheHint=" + defaultCacheHint + ", closeTimeout=" + closeTimeout + "]";
    }

    /**
     * Builds {@link ServerSettings}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private int handlerThreads = DEFAULT_HANDLER_THREADS;
        private int maxRequestsInFlight = DEFAULT_MAX_REQUESTS_IN_FLIGHT;
        private int maxOpenListens = DEFAULT_MAX_OPEN_LISTENS;
        private int maxUrisPerListen = DEFAULT_MAX_URIS_PER_LISTEN;
        private int maxListenUris = DEFAULT_MAX_LISTEN_URIS;
        private Duration requestStateTtl = DEFAULT_REQUEST_STATE_TTL;
        private CacheHint defaultCacheHint = CacheHint.NONE;
        private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;

        private Builder() {
        }

        /** @param value at least 1; see {@link ServerSettings#handlerThreads()} */
        public Builder handlerThreads(int value) {
            this.handlerThreads = atLeastOne(value, "handlerThreads");
            return this;
        }

        /** @param value at least 1; see {@link ServerSettings#maxRequestsInFlight()} */
        public Builder maxRequestsInFlight(int value) {
            this.maxRequestsInFlight = atLeastOne(value, "maxRequestsInFlight");
            return this;
        }

        /** @param value at least 1; see {@link ServerSettings#maxOpenListens()} */
        public Builder maxOpenListens(int value) {
            this.maxOpenListens = atLeastOne(value, "maxOpenListens");
            return this;
        }

        /** @param value at least 1; see {@link ServerSettings#maxUrisPerListen()} */
        public Builder maxUrisPerListen(int value) {
            this.maxUrisPerListen = atLeastOne(value, "maxUrisPerListen");
            return this;
        }

        /** @param value at least 1; see {@link ServerSettings#maxListenUris()} */
        public Builder maxListenUris(int value) {
            this.maxListenUris = atLeastOne(value, "maxListenUris");
            return this;
        }

        /** @param value positive; see {@link ServerSettings#requestStateTtl()} */
        public Builder requestStateTtl(Duration value) {
            Objects.requireNonNull(value, "requestStateTtl");
            if (value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException("requestStateTtl must be positive, was " + value);
            }
            this.requestStateTtl = value;
            return this;
        }

        /** @param value never null; see {@link ServerSettings#defaultCacheHint()} */
        public Builder defaultCacheHint(CacheHint value) {
            this.defaultCacheHint = Objects.requireNonNull(value, "defaultCacheHint");
            return this;
        }

        /** @param value not negative; zero closes providers at once; see {@link ServerSettings#closeTimeout()} */
        public Builder closeTimeout(Duration value) {
            Objects.requireNonNull(value, "closeTimeout");
            if (value.isNegative()) {
                throw new IllegalArgumentException("closeTimeout must not be negative, was " + value);
            }
            this.closeTimeout = value;
            return this;
        }

        /** @return the settings */
        public ServerSettings build() {
            return new ServerSettings(this);
        }

        private static int atLeastOne(int value, String name) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be >= 1, was " + value);
            }
            return value;
        }
    }
}
