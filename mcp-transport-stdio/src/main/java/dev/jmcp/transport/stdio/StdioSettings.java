package dev.jmcp.transport.stdio;

import dev.jmcp.schema.codec.McpCodec;
import java.time.Duration;
import java.util.Objects;

/**
 * The named settings of a {@link StdioTransport}, each with a default. Made by {@link #builder()};
 * immutable. The longest line the transport accepts is the codec's
 * {@link dev.jmcp.schema.codec.CodecLimits#maxMessageBytes()}.
 *
 * @since 0.1
 */
public final class StdioSettings {
    /** {@value} bytes (64 KiB): the codec writes in chunks of up to this size, so a chunk passes straight through. */
    public static final int DEFAULT_WRITE_BUFFER_BYTES = 64 * 1024;
    /** 5 seconds. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(5);
    /** 10 seconds: a client that closes the server's stdin waits 2 s by default before it terminates it. */
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(10);

    /**
     * A quarter of the largest heap, at most 256 MiB, as over HTTP: answers waiting to be written
     * must leave the rest of the heap to the rest of the program.
     */
    public static final long DEFAULT_MAX_RESPONSE_BYTES_IN_MEMORY = Math.min(256L * 1024 * 1024,
            Runtime.getRuntime().maxMemory() / 4);

    private static final StdioSettings DEFAULTS = builder().build();

    private final McpCodec codec;
    private final int writeBufferBytes;
    private final Duration closeTimeout;
    private final Duration drainTimeout;
    private final long maxResponseBytesInMemory;

    private StdioSettings(Builder b) {
        this.codec = b.codec;
        this.writeBufferBytes = b.writeBufferBytes;
        this.closeTimeout = b.closeTimeout;
        this.drainTimeout = b.drainTimeout;
        this.maxResponseBytesInMemory = b.maxResponseBytesInMemory;
    }

    /** @return the defaults, with {@link McpCodec#defaults()} */
    public static StdioSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().codec(codec).writeBufferBytes(writeBufferBytes).closeTimeout(closeTimeout)
                .drainTimeout(drainTimeout).maxResponseBytesInMemory(maxResponseBytesInMemory);
    }

    /** @return reads and writes the messages; its limits bound each line; never null */
    public McpCodec codec() {
        return codec;
    }

    /** @return the size of the buffer between the codec and the output stream; at least 512 */
    public int writeBufferBytes() {
        return writeBufferBytes;
    }

    /**
     * @return how long {@link StdioTransport#close()} waits for queued writes to be flushed before
     *         it fails them; never null, not negative
     */
    public Duration closeTimeout() {
        return closeTimeout;
    }

    /**
     * @return how long, after the input has ended, the transport waits for the answers to requests
     *         it has already delivered before it reports the close; never null, not negative
     */
    public Duration drainTimeout() {
        return drainTimeout;
    }

    /**
     * @return the most bytes that the answers of a served stream hold in memory while they are made
     *         and until they are written: text decoded for an answer, blobs staged to report
     *         progress, from the moment they are made. Answers queue behind one another for the
     *         output (a slow reader, or one that stops reading, makes them wait), and an answered
     *         request no longer counts against the in-flight bounds, so this is what bounds them. A
     *         request whose answer cannot get its bytes is answered with {@code -32603} naming this
     *         setting and its value; a blob that cannot be staged is read for its progress without
     *         being kept instead.
     *         The encoding itself needs no more: it streams through {@link #writeBufferBytes()}
     */
    public long maxResponseBytesInMemory() {
        return maxResponseBytesInMemory;
    }

    /** @return the longest message (one line, without its newline) the transport reads */
    public long maxMessageBytes() {
        return codec.limits().maxMessageBytes();
    }

    @Override
    public String toString() {
        return "StdioSettings[codec=" + codec + ", writeBufferBytes=" + writeBufferBytes + ", closeTimeout="
                + closeTimeout + ", drainTimeout=" + drainTimeout + ", maxResponseBytesInMemory=" + maxResponseBytesInMemory
                + "]";
    }

    /**
     * Builds {@link StdioSettings}; each method checks its value at once and names the setting when
     * it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private McpCodec codec = McpCodec.defaults();
        private int writeBufferBytes = DEFAULT_WRITE_BUFFER_BYTES;
        private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;
        private Duration drainTimeout = DEFAULT_DRAIN_TIMEOUT;
        private long maxResponseBytesInMemory = DEFAULT_MAX_RESPONSE_BYTES_IN_MEMORY;

        private Builder() {
        }

        /** @param value never null; see {@link StdioSettings#codec()} */
        public Builder codec(McpCodec value) {
            this.codec = Objects.requireNonNull(value, "codec");
            return this;
        }

        /** @param value at least 512; see {@link StdioSettings#writeBufferBytes()} */
        public Builder writeBufferBytes(int value) {
            if (value < 512) {
                throw new IllegalArgumentException("writeBufferBytes must be >= 512, was " + value);
            }
            this.writeBufferBytes = value;
            return this;
        }

        /** @param value not negative; see {@link StdioSettings#closeTimeout()} */
        public Builder closeTimeout(Duration value) {
            Checks.notNegative(value, "closeTimeout");
            this.closeTimeout = value;
            return this;
        }

        /** @param value not negative; see {@link StdioSettings#drainTimeout()} */
        public Builder drainTimeout(Duration value) {
            Checks.notNegative(value, "drainTimeout");
            this.drainTimeout = value;
            return this;
        }

        /** @param value at least 0; see {@link StdioSettings#maxResponseBytesInMemory()} */
        public Builder maxResponseBytesInMemory(long value) {
            if (value < 0) {
                throw new IllegalArgumentException("maxResponseBytesInMemory must be >= 0, was " + value);
            }
            this.maxResponseBytesInMemory = value;
            return this;
        }

        /** @return the settings */
        public StdioSettings build() {
            return new StdioSettings(this);
        }
    }
}
