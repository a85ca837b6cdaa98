package dev.jmcp.transport.netty.internal;

import java.time.Duration;
import java.util.Objects;

/**
 * The limits on a server's connections, with their defaults: how long a request may take to
 * arrive, how long a connection may sit idle, how many connections may be open, and how many bytes
 * of unfinished request bodies all connections together may hold.
 *
 * @param requestReadTimeout      the time from a request's first byte to its last; never null, positive
 * @param connectionIdleTimeout   how long a connection with no request being read or answered and no
 *                                stream open is kept; never null, positive
 * @param maxConnections          the most connections open at once; at least 1
 * @param maxBufferedRequestBytes the most bytes of request bodies being read, over all connections; at least 1
 */
public record ConnectionLimits(Duration requestReadTimeout, Duration connectionIdleTimeout, int maxConnections,
        long maxBufferedRequestBytes) {
    /** 30 seconds: a 16 MiB body needs about 4.5 Mbit/s to arrive in time. */
    public static final Duration DEFAULT_REQUEST_READ_TIMEOUT = Duration.ofSeconds(30);
    /** 60 seconds: longer than a client's pause between requests, as short as common proxies keep theirs. */
    public static final Duration DEFAULT_CONNECTION_IDLE_TIMEOUT = Duration.ofSeconds(60);
    /** 2,048: two per session at the default maxSessions, well under a JVM's usual descriptor limit. */
    public static final int DEFAULT_MAX_CONNECTIONS = 2048;
    /** 64 MiB: four bodies of the default maxMessageBytes at once. */
    public static final long DEFAULT_MAX_BUFFERED_REQUEST_BYTES = 64L * 1024 * 1024;

    /** The defaults. */
    public static final ConnectionLimits DEFAULTS = new ConnectionLimits(DEFAULT_REQUEST_READ_TIMEOUT,
            DEFAULT_CONNECTION_IDLE_TIMEOUT, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_BUFFERED_REQUEST_BYTES);

    public ConnectionLimits {
        positive(requestReadTimeout, "requestReadTimeout");
        positive(connectionIdleTimeout, "connectionIdleTimeout");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1, was " + maxConnections);
        }
        if (maxBufferedRequestBytes < 1) {
            throw new IllegalArgumentException("maxBufferedRequestBytes must be >= 1, was " + maxBufferedRequestBytes);
        }
    }

    private static void positive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }
}
