package dev.jmcp.schema.codec;

/**
 * The limits the codec enforces on input. Each is a named setting with a default; an error for
 * input that breaks one names the setting and its value, such as
 * {@code "message exceeds maxMessageBytes=16777216"}.
 *
 * @param maxMessageBytes the most bytes one message (or batch) may have
 * @param maxDepth        the deepest nesting of objects and arrays, the outermost object being 1
 * @param maxStringLength the most characters one string value may have
 * @param maxNumberLength the most characters one number may have, sign and exponent included
 *                        (since 0.2)
 * @since 0.1
 */
public record CodecLimits(long maxMessageBytes, int maxDepth, int maxStringLength, int maxNumberLength) {
    /** 16 MiB: enough for any request; clients that read large blobs raise it. */
    public static final long DEFAULT_MAX_MESSAGE_BYTES = 16L * 1024 * 1024;
    /** 64: MCP messages are shallow; deep nesting is a sign of hostile input. */
    public static final int DEFAULT_MAX_DEPTH = 64;
    /** 16 Mi characters. */
    public static final int DEFAULT_MAX_STRING_LENGTH = 16 * 1024 * 1024;
    /**
     * 1024 characters: the numbers of MCP are ids, counts, sizes and times, of twenty digits at
     * most; a longer one only costs the parser (and {@code BigDecimal}) work.
     *
     * @since 0.2
     */
    public static final int DEFAULT_MAX_NUMBER_LENGTH = 1024;

    /** The defaults. */
    public static final CodecLimits DEFAULTS =
            new CodecLimits(DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_MAX_DEPTH, DEFAULT_MAX_STRING_LENGTH,
                    DEFAULT_MAX_NUMBER_LENGTH);

    public CodecLimits {
        if (maxMessageBytes < 1) {
            throw new IllegalArgumentException("maxMessageBytes must be >= 1, was " + maxMessageBytes);
        }
        if (maxDepth < 2) {
            throw new IllegalArgumentException("maxDepth must be >= 2, was " + maxDepth);
        }
        if (maxStringLength < 1) {
            throw new IllegalArgumentException("maxStringLength must be >= 1, was " + maxStringLength);
        }
        if (maxNumberLength < 1) {
            throw new IllegalArgumentException("maxNumberLength must be >= 1, was " + maxNumberLength);
        }
    }

    /** The limits of 0.1, with the default {@link #maxNumberLength()}. */
    public CodecLimits(long maxMessageBytes, int maxDepth, int maxStringLength) {
        this(maxMessageBytes, maxDepth, maxStringLength, DEFAULT_MAX_NUMBER_LENGTH);
    }

    /** @return these limits with another {@code maxMessageBytes} */
    public CodecLimits withMaxMessageBytes(long value) {
        return new CodecLimits(value, maxDepth, maxStringLength, maxNumberLength);
    }

    /** @return these limits with another {@code maxDepth} */
    public CodecLimits withMaxDepth(int value) {
        return new CodecLimits(maxMessageBytes, value, maxStringLength, maxNumberLength);
    }

    /** @return these limits with another {@code maxStringLength} */
    public CodecLimits withMaxStringLength(int value) {
        return new CodecLimits(maxMessageBytes, maxDepth, value, maxNumberLength);
    }

    /**
     * @return these limits with another {@code maxNumberLength}
     * @since 0.2
     */
    public CodecLimits withMaxNumberLength(int value) {
        return new CodecLimits(maxMessageBytes, maxDepth, maxStringLength, value);
    }
}
