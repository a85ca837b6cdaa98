package dev.jmcp.transport.netty;

import dev.jmcp.schema.codec.McpCodec;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The named settings of a {@link StreamableHttpClientTransport}, each with a default.
 *
 * @param codec                reads the server's messages (its limits bound each one) and writes
 *                             the client's; never null
 * @param connectTimeout       how long opening a connection may take; never null, positive
 * @param reconnectDelay       how long to wait before reconnecting a stream that dropped, unless
 *                             the server sent {@code retry}; never null, not negative
 * @param maxReconnectAttempts how many times in a row a dropped stream is reconnected before the
 *                             client gives up on it; at least 0
 * @param closeTimeout         how long {@link StreamableHttpClientTransport#close()} waits for the
 *                             server to answer the DELETE that ends the session; never null, not negative
 * @param legacyFallback       whether a server that refuses the {@code initialize} POST with 400,
 *                             404 or 405 is tried as an HTTP+SSE server of 2024-11-05
 * @param headers              extra headers sent with every request, such as
 *                             {@code Authorization}; never null
 * @since 0.1
 */
public record HttpClientSettings(McpCodec codec, Duration connectTimeout, Duration reconnectDelay,
        int maxReconnectAttempts, Duration closeTimeout, boolean legacyFallback, Map<String, String> headers) {
    /** 10 seconds. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** 1 second. */
    public static final Duration DEFAULT_RECONNECT_DELAY = Duration.ofSeconds(1);
    /** 5 attempts. */
    public static final int DEFAULT_MAX_RECONNECT_ATTEMPTS = 5;
    /** 2 seconds. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(2);

    /** The defaults, with {@link McpCodec#defaults()}. */
    public static final HttpClientSettings DEFAULTS = new HttpClientSettings(McpCodec.defaults(),
            DEFAULT_CONNECT_TIMEOUT, DEFAULT_RECONNECT_DELAY, DEFAULT_MAX_RECONNECT_ATTEMPTS, DEFAULT_CLOSE_TIMEOUT,
            true, Map.of());

    public HttpClientSettings {
        Objects.requireNonNull(codec, "codec");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        if (connectTimeout.isZero() || connectTimeout.isNegative()) {
            throw new IllegalArgumentException("connectTimeout must be positive, was " + connectTimeout);
        }
        notNegative(reconnectDelay, "reconnectDelay");
        if (maxReconnectAttempts < 0) {
            throw new IllegalArgumentException("maxReconnectAttempts must be >= 0, was " + maxReconnectAttempts);
        }
        notNegative(closeTimeout, "closeTimeout");
        headers = Map.copyOf(headers);
    }

    private static void notNegative(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, was " + value);
        }
    }

    /** @return these settings with another {@code codec} */
    public HttpClientSettings withCodec(McpCodec value) {
        return new HttpClientSettings(value, connectTimeout, reconnectDelay, maxReconnectAttempts, closeTimeout,
                legacyFallback, headers);
    }

    /** @return these settings with another {@code connectTimeout} */
    public HttpClientSettings withConnectTimeout(Duration value) {
        return new HttpClientSettings(codec, value, reconnectDelay, maxReconnectAttempts, closeTimeout,
                legacyFallback, headers);
    }

    /** @return these settings with another {@code reconnectDelay} */
    public HttpClientSettings withReconnectDelay(Duration value) {
        return new HttpClientSettings(codec, connectTimeout, value, maxReconnectAttempts, closeTimeout,
                legacyFallback, headers);
    }

    /** @return these settings with another {@code maxReconnectAttempts} */
    public HttpClientSettings withMaxReconnectAttempts(int value) {
        return new HttpClientSettings(codec, connectTimeout, reconnectDelay, value, closeTimeout,
                legacyFallback, headers);
    }

    /** @return these settings with another {@code closeTimeout} */
    public HttpClientSettings withCloseTimeout(Duration value) {
        return new HttpClientSettings(codec, connectTimeout, reconnectDelay, maxReconnectAttempts, value,
                legacyFallback, headers);
    }

    /** @return these settings with another {@code legacyFallback} */
    public HttpClientSettings withLegacyFallback(boolean value) {
        return new HttpClientSettings(codec, connectTimeout, reconnectDelay, maxReconnectAttempts, closeTimeout,
                value, headers);
    }

    /** @return these settings with other {@code headers} */
    public HttpClientSettings withHeaders(Map<String, String> value) {
        return new HttpClientSettings(codec, connectTimeout, reconnectDelay, maxReconnectAttempts, closeTimeout,
                legacyFallback, value);
    }
}
