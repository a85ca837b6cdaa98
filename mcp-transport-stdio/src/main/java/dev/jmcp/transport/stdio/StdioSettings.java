package dev.jmcp.transport.stdio;

import dev.jmcp.schema.codec.McpCodec;
import java.time.Duration;
import java.util.Objects;

/**
 * The named settings of a {@link StdioTransport}, each with a default. The longest line the
 * transport accepts is the codec's {@link dev.jmcp.schema.codec.CodecLimits#maxMessageBytes()}.
 *
 * @param codec            reads and writes the messages; its limits bound each line; never null
 * @param writeBufferBytes the size of the buffer between the codec and the output stream; at least 512
 * @param closeTimeout     how long {@link StdioTransport#close()} waits for queued writes to be
 *                         flushed before it fails them; never null, not negative
 * @param drainTimeout     how long, after the input has ended, the transport waits for the answers
 *                         to requests it has already delivered before it reports the close; never
 *                         null, not negative
 * @since 0.1
 */
public record StdioSettings(McpCodec codec, int writeBufferBytes, Duration closeTimeout, Duration drainTimeout) {
    /** 64 KiB: the codec writes in chunks of up to this size, so a chunk passes straight through. */
    public static final int DEFAULT_WRITE_BUFFER_BYTES = 64 * 1024;
    /** 5 seconds. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(5);
    /** 10 seconds: a client that closes the server's stdin waits 2 s by default before it terminates it. */
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(10);

    /** The defaults, with {@link McpCodec#defaults()}. */
    public static final StdioSettings DEFAULTS = new StdioSettings(McpCodec.defaults(), DEFAULT_WRITE_BUFFER_BYTES,
            DEFAULT_CLOSE_TIMEOUT, DEFAULT_DRAIN_TIMEOUT);

    public StdioSettings {
        Objects.requireNonNull(codec, "codec");
        if (writeBufferBytes < 512) {
            throw new IllegalArgumentException("writeBufferBytes must be >= 512, was " + writeBufferBytes);
        }
        Checks.notNegative(closeTimeout, "closeTimeout");
        Checks.notNegative(drainTimeout, "drainTimeout");
    }

    /** @return the longest message (one line, without its newline) the transport reads */
    public long maxMessageBytes() {
        return codec.limits().maxMessageBytes();
    }

    /** @return these settings with another {@code codec} */
    public StdioSettings withCodec(McpCodec value) {
        return new StdioSettings(value, writeBufferBytes, closeTimeout, drainTimeout);
    }

    /** @return these settings with another {@code writeBufferBytes} */
    public StdioSettings withWriteBufferBytes(int value) {
        return new StdioSettings(codec, value, closeTimeout, drainTimeout);
    }

    /** @return these settings with another {@code closeTimeout} */
    public StdioSettings withCloseTimeout(Duration value) {
        return new StdioSettings(codec, writeBufferBytes, value, drainTimeout);
    }

    /** @return these settings with another {@code drainTimeout} */
    public StdioSettings withDrainTimeout(Duration value) {
        return new StdioSettings(codec, writeBufferBytes, closeTimeout, value);
    }
}
