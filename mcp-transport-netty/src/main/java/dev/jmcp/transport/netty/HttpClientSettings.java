package dev.jmcp.transport.netty;

import dev.jmcp.core.spi.HttpAuthorizer;
import dev.jmcp.schema.codec.McpCodec;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The named settings of a {@link StreamableHttpClientTransport}, each with a default. Made by
 * {@link #builder()}; immutable.
 *
 * @since 0.1
 */
public final class HttpClientSettings {
    /** 10 seconds. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** 1 second. */
    public static final Duration DEFAULT_RECONNECT_DELAY = Duration.ofSeconds(1);
    /** {@value} attempts. */
    public static final int DEFAULT_MAX_RECONNECT_ATTEMPTS = 5;
    /** 2 seconds. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(2);

    private static final HttpClientSettings DEFAULTS = builder().build();

    private final McpCodec codec;
    private final Duration connectTimeout;
    private final Duration reconnectDelay;
    private final int maxReconnectAttempts;
    private final Duration closeTimeout;
    private final boolean legacyFallback;
    private final Map<String, String> headers;
    private final HttpAuthorizer authorizer;

    private HttpClientSettings(Builder b) {
        this.codec = b.codec;
        this.connectTimeout = b.connectTimeout;
        this.reconnectDelay = b.reconnectDelay;
        this.maxReconnectAttempts = b.maxReconnectAttempts;
        this.closeTimeout = b.closeTimeout;
        this.legacyFallback = b.legacyFallback;
        this.headers = b.headers;
        this.authorizer = b.authorizer;
    }

    /** @return the defaults, with {@link McpCodec#defaults()} */
    public static HttpClientSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().codec(codec).connectTimeout(connectTimeout).reconnectDelay(reconnectDelay)
                .maxReconnectAttempts(maxReconnectAttempts).closeTimeout(closeTimeout).legacyFallback(legacyFallback)
                .headers(headers).authorizer(authorizer);
    }

    /**
     * @return reads the server's messages (its limits bound each one) and writes the client's;
     *         never null
     */
    public McpCodec codec() {
        return codec;
    }

    /**
     * @return how long opening a connection may take; positive
     */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /**
     * @return how long to wait before reconnecting a stream that dropped, unless the server sent
     *         {@code retry}; not negative
     */
    public Duration reconnectDelay() {
        return reconnectDelay;
    }

    /**
     * @return how many times in a row a dropped stream is reconnected before the client gives up on
     *         it; at least 0
     */
    public int maxReconnectAttempts() {
        return maxReconnectAttempts;
    }

    /**
     * @return how long {@link StreamableHttpClientTransport#close()} waits for the server to answer
     *         the DELETE that ends the session; not negative
     */
    public Duration closeTimeout() {
        return closeTimeout;
    }

    /**
     * @return whether a server that refuses the {@code initialize} POST with 400, 404 or 405 is
     *         tried as an HTTP+SSE server of 2024-11-05
     */
    public boolean legacyFallback() {
        return legacyFallback;
    }

    /**
     * @return extra headers sent with every request, such as {@code Authorization}; never null
     */
    public Map<String, String> headers() {
        return headers;
    }

    /**
     * @return what gives each request its {@code Authorization} header and answers the server's 401
     *         and 403 (after which the request is sent again when it obtained new credentials); null
     *         for none. Its header replaces an {@code Authorization} in {@link #headers()}
     * @since 0.1
     */
    public HttpAuthorizer authorizer() {
        return authorizer;
    }

    @Override
    public String toString() {
        return "HttpClientSettings[connectTimeout=" + connectTimeout + ", reconnectDelay=" + reconnectDelay
                + ", maxReconnectAttempts=" + maxReconnectAttempts + ", closeTimeout=" + closeTimeout
                + ", legacyFallback=" + legacyFallback + ", headers=" + headers.keySet() + ", authorizer=" + authorizer
                + "]";
    }

    /**
     * Builds {@link HttpClientSettings}; each method checks its value at once and names the setting
     * when it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private McpCodec codec = McpCodec.defaults();
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration reconnectDelay = DEFAULT_RECONNECT_DELAY;
        private int maxReconnectAttempts = DEFAULT_MAX_RECONNECT_ATTEMPTS;
        private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;
        private boolean legacyFallback = true;
        private Map<String, String> headers = Map.of();
        private HttpAuthorizer authorizer;

        private Builder() {
        }

        /** @param value null for none; see {@link HttpClientSettings#authorizer()} */
        public Builder authorizer(HttpAuthorizer value) {
            this.authorizer = value;
            return this;
        }

        /** @param value see {@link HttpClientSettings#codec()} */
        public Builder codec(McpCodec value) {
            this.codec = Objects.requireNonNull(value, "codec");
            return this;
        }

        /** @param value see {@link HttpClientSettings#connectTimeout()} */
        public Builder connectTimeout(Duration value) {
            Objects.requireNonNull(value, "connectTimeout");
            if (value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException("connectTimeout must be positive, was " + value);
            }
            this.connectTimeout = value;
            return this;
        }

        /** @param value see {@link HttpClientSettings#reconnectDelay()} */
        public Builder reconnectDelay(Duration value) {
            this.reconnectDelay = notNegative(value, "reconnectDelay");
            return this;
        }

        /** @param value see {@link HttpClientSettings#maxReconnectAttempts()} */
        public Builder maxReconnectAttempts(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("maxReconnectAttempts must be >= 0, was " + value);
            }
            this.maxReconnectAttempts = value;
            return this;
        }

        /** @param value see {@link HttpClientSettings#closeTimeout()} */
        public Builder closeTimeout(Duration value) {
            this.closeTimeout = notNegative(value, "closeTimeout");
            return this;
        }

        /** @param value see {@link HttpClientSettings#legacyFallback()} */
        public Builder legacyFallback(boolean value) {
            this.legacyFallback = value;
            return this;
        }

        /** @param value see {@link HttpClientSettings#headers()} */
        public Builder headers(Map<String, String> value) {
            this.headers = Map.copyOf(value);
            return this;
        }

        /** @return the settings */
        public HttpClientSettings build() {
            return new HttpClientSettings(this);
        }

        private static Duration notNegative(Duration value, String name) {
            Objects.requireNonNull(value, name);
            if (value.isNegative()) {
                throw new IllegalArgumentException(name + " must not be negative, was " + value);
            }
            return value;
        }
    }
}
