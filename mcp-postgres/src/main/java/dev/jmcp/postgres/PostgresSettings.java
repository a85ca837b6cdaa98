package dev.jmcp.postgres;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where the PostgreSQL resources are and how they are read and heard: the table and its root URI,
 * the {@code NOTIFY} channel, the size of the chunks a body is streamed in, and the back-off of the
 * listening connection. The defaults match {@code jmcp-resources.sql}, which creates the table and
 * its triggers ({@link PostgresSchema}). Made by {@link #builder()}; immutable.
 *
 * @since 0.1
 */
public final class PostgresSettings {
    /** {@value}: the table of {@code jmcp-resources.sql}. */
    public static final String DEFAULT_TABLE = "jmcp_resources";
    /** {@value}: the channel its triggers notify. */
    public static final String DEFAULT_CHANNEL = "jmcp_changes";
    /** {@value}: the URI of the table's root collection, as its triggers spell it. */
    public static final String DEFAULT_ROOT_URI = "pg://resources";
    /** {@value} bytes: one query per chunk, so that a body is never held whole. */
    public static final int DEFAULT_CHUNK_BYTES = 256 * 1024;
    /** {@value} bytes: text bodies up to this size go as text; larger ones stream as a blob. */
    public static final int DEFAULT_MAX_TEXT_BYTES = 1024 * 1024;
    /** Half a second: the first wait before the listening connection is made again. */
    public static final Duration DEFAULT_MIN_RECONNECT_DELAY = Duration.ofMillis(500);
    /** 30 seconds: the longest wait between two attempts, doubling from the first. */
    public static final Duration DEFAULT_MAX_RECONNECT_DELAY = Duration.ofSeconds(30);
    /** 10 seconds: how long the listening connection waits for a notification before it checks itself. */
    public static final Duration DEFAULT_LISTEN_CHECK_INTERVAL = Duration.ofSeconds(10);
    /** Zero: clients of 2026-07-28 ask again every time (they may listen for changes instead). */
    public static final Duration DEFAULT_CACHE_TTL = Duration.ZERO;

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final PostgresSettings DEFAULTS = builder().build();

    private final String table;
    private final String channel;
    private final String rootUri;
    private final int chunkBytes;
    private final int maxTextBytes;
    private final Duration minReconnectDelay;
    private final Duration maxReconnectDelay;
    private final Duration listenCheckInterval;
    private final Duration cacheTtl;

    private PostgresSettings(Builder builder) {
        this.table = builder.table;
        this.channel = builder.channel;
        this.rootUri = builder.rootUri;
        this.chunkBytes = builder.chunkBytes;
        this.maxTextBytes = builder.maxTextBytes;
        this.minReconnectDelay = builder.minReconnectDelay;
        this.maxReconnectDelay = builder.maxReconnectDelay;
        this.listenCheckInterval = builder.listenCheckInterval;
        this.cacheTtl = builder.cacheTtl;
    }

    /** @return the defaults */
    public static PostgresSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().table(table).channel(channel).rootUri(rootUri).chunkBytes(chunkBytes).maxTextBytes(maxTextBytes)
                .minReconnectDelay(minReconnectDelay).maxReconnectDelay(maxReconnectDelay)
                .listenCheckInterval(listenCheckInterval).cacheTtl(cacheTtl);
    }

    /** @return the table of resources: a lower-case SQL identifier */
    public String table() {
        return table;
    }

    /** @return the {@code LISTEN}/{@code NOTIFY} channel of change events: a lower-case SQL identifier */
    public String channel() {
        return channel;
    }

    /** @return the URI of the table's root collection; its rows' URIs go on below it */
    public String rootUri() {
        return rootUri;
    }

    /** @return the bytes of a body read by one query while it is streamed */
    public int chunkBytes() {
        return chunkBytes;
    }

    /** @return the largest text body sent as text; a larger one is streamed as a blob */
    public int maxTextBytes() {
        return maxTextBytes;
    }

    /** @return the first wait before a lost listening connection is made again */
    public Duration minReconnectDelay() {
        return minReconnectDelay;
    }

    /** @return the longest wait between two attempts to listen again */
    public Duration maxReconnectDelay() {
        return maxReconnectDelay;
    }

    /** @return how long the listening connection waits idle before it checks that it is still alive */
    public Duration listenCheckInterval() {
        return listenCheckInterval;
    }

    /** @return how long a 2026-07-28 client may keep a listing or a body ({@code ttlMs}, private); zero for the server's default */
    public Duration cacheTtl() {
        return cacheTtl;
    }

    /** Builds {@link PostgresSettings}; not thread-safe. */
    public static final class Builder {
        private String table = DEFAULT_TABLE;
        private String channel = DEFAULT_CHANNEL;
        private String rootUri = DEFAULT_ROOT_URI;
        private int chunkBytes = DEFAULT_CHUNK_BYTES;
        private int maxTextBytes = DEFAULT_MAX_TEXT_BYTES;
        private Duration minReconnectDelay = DEFAULT_MIN_RECONNECT_DELAY;
        private Duration maxReconnectDelay = DEFAULT_MAX_RECONNECT_DELAY;
        private Duration listenCheckInterval = DEFAULT_LISTEN_CHECK_INTERVAL;
        private Duration cacheTtl = DEFAULT_CACHE_TTL;

        private Builder() {
        }

        /** @param value the table: a lower-case SQL identifier, such as {@code jmcp_resources} */
        public Builder table(String value) {
            this.table = identifier("table", value);
            return this;
        }

        /** @param value the channel: a lower-case SQL identifier, such as {@code jmcp_changes} */
        public Builder channel(String value) {
            this.channel = identifier("channel", value);
            return this;
        }

        /** @param value the root's URI, without a trailing slash, query or fragment, such as {@code pg://resources} */
        public Builder rootUri(String value) {
            this.rootUri = Objects.requireNonNull(value, "rootUri");
            return this;
        }

        /** @param value bytes per chunk; from 1024 to 16 MiB */
        public Builder chunkBytes(int value) {
            this.chunkBytes = range("chunkBytes", value, 1024, 16 << 20);
            return this;
        }

        /** @param value the largest text body sent as text; from 0 to 64 MiB */
        public Builder maxTextBytes(int value) {
            this.maxTextBytes = range("maxTextBytes", value, 0, 64 << 20);
            return this;
        }

        /** @param value positive */
        public Builder minReconnectDelay(Duration value) {
            this.minReconnectDelay = positive("minReconnectDelay", value);
            return this;
        }

        /** @param value positive */
        public Builder maxReconnectDelay(Duration value) {
            this.maxReconnectDelay = positive("maxReconnectDelay", value);
            return this;
        }

        /** @param value positive */
        public Builder listenCheckInterval(Duration value) {
            this.listenCheckInterval = positive("listenCheckInterval", value);
            return this;
        }

        /** @param value zero or more */
        public Builder cacheTtl(Duration value) {
            Objects.requireNonNull(value, "cacheTtl");
            if (value.isNegative()) {
                throw new IllegalArgumentException("cacheTtl must not be negative, was " + value);
            }
            this.cacheTtl = value;
            return this;
        }

        /** @throws IllegalArgumentException when maxReconnectDelay is below minReconnectDelay */
        public PostgresSettings build() {
            if (maxReconnectDelay.compareTo(minReconnectDelay) < 0) {
                throw new IllegalArgumentException("maxReconnectDelay=" + maxReconnectDelay.toMillis()
                        + " ms is below minReconnectDelay=" + minReconnectDelay.toMillis() + " ms");
            }
            return new PostgresSettings(this);
        }

        private static String identifier(String name, String value) {
            if (value == null || !IDENTIFIER.matcher(value).matches()) {
                throw new IllegalArgumentException(name + " must be a lower-case SQL identifier ([a-z_][a-z0-9_]*, at most"
                        + " 63 characters), was '" + value + "'");
            }
            return value;
        }

        private static int range(String name, int value, int min, int max) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(name + " must be from " + min + " to " + max + ", was " + value);
            }
            return value;
        }

        private static Duration positive(String name, Duration value) {
            Objects.requireNonNull(value, name);
            if (value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException(name + " must be positive, was " + value);
            }
            return value;
        }
    }
}
