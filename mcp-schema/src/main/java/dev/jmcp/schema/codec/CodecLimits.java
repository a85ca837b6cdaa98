package dev.jmcp.schema.codec;

import java.util.Objects;

/**
 * The limits the codec enforces on input. Each is a named setting with a default; an error for
 * input that breaks one names the setting and its value, such as
 * {@code "message exceeds maxMessageBytes=16777216"}. Made by {@link #builder()}; immutable; two
 * limits with the same values are equal.
 *
 * @since 0.1
 */
public final class CodecLimits {
    /** {@value} bytes (16 MiB): enough for any request; clients that read large blobs raise it. */
    public static final long DEFAULT_MAX_MESSAGE_BYTES = 16L * 1024 * 1024;
    /** {@value}: MCP messages are shallow; deep nesting is a sign of hostile input. */
    public static final int DEFAULT_MAX_DEPTH = 64;
    /** {@value} characters (16 Mi). */
    public static final int DEFAULT_MAX_STRING_LENGTH = 16 * 1024 * 1024;
    /**
     * {@value} characters: the numbers of MCP are ids, counts, sizes and times, of twenty digits at
     * most; a longer one only costs the parser (and {@code BigDecimal}) work.
     *
     * @since 0.2
     */
    public static final int DEFAULT_MAX_NUMBER_LENGTH = 1024;

    private static final CodecLimits DEFAULTS = builder().build();

    private final long maxMessageBytes;
    private final int maxDepth;
    private final int maxStringLength;
    private final int maxNumberLength;

    private CodecLimits(Builder b) {
        this.maxMessageBytes = b.maxMessageBytes;
        this.maxDepth = b.maxDepth;
        this.maxStringLength = b.maxStringLength;
        this.maxNumberLength = b.maxNumberLength;
    }

    /** @return the defaults */
    public static CodecLimits defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these limits */
    public Builder toBuilder() {
        return new Builder().maxMessageBytes(maxMessageBytes).maxDepth(maxDepth).maxStringLength(maxStringLength)
                .maxNumberLength(maxNumberLength);
    }

    /** @return the most bytes one message (or batch) may have; at least 1 */
    public long maxMessageBytes() {
        return maxMessageBytes;
    }

    /** @return the deepest nesting of objects and arrays, the outermost object being 1; at least 2 */
    public int maxDepth() {
        return maxDepth;
    }

    /** @return the most characters one string value may have; at least 1 */
    public int maxStringLength() {
        return maxStringLength;
    }

    /**
     * @return the most characters one number may have, sign and exponent included; at least 1
     * @since 0.2
     */
    public int maxNumberLength() {
        return maxNumberLength;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CodecLimits that && maxMessageBytes == that.maxMessageBytes
                && maxDepth == that.maxDepth && maxStringLength == that.maxStringLength
                && maxNumberLength == that.maxNumberLength;
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxMessageBytes, maxDepth, maxStringLength, maxNumberLength);
    }

    @Override
    public String toString() {
        return "CodecLimits[maxMessageBytes=" + maxMessageBytes + ", maxDepth=" + maxDepth + ", maxStringLength="
                + maxStringLength + ", maxNumberLength=" + maxNumberLength + "]";
    }

    /**
     * Builds {@link CodecLimits}; each method checks its value at once and names the setting when it
     * refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private long maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
        private int maxDepth = DEFAULT_MAX_DEPTH;
        private int maxStringLength = DEFAULT_MAX_STRING_LENGTH;
        private int maxNumberLength = DEFAULT_MAX_NUMBER_LENGTH;

        private Builder() {
        }

        /** @param value at least 1; see {@link CodecLimits#maxMessageBytes()} */
        public Builder maxMessageBytes(long value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxMessageBytes must be >= 1, was " + value);
            }
            this.maxMessageBytes = value;
            return this;
        }

        /** @param value at least 2; see {@link CodecLimits#maxDepth()} */
        public Builder maxDepth(int value) {
            if (value < 2) {
                throw new IllegalArgumentException("maxDepth must be >= 2, was " + value);
            }
            this.maxDepth = value;
            return this;
        }

        /** @param value at least 1; see {@link CodecLimits#maxStringLength()} */
        public Builder maxStringLength(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxStringLength must be >= 1, was " + value);
            }
            this.maxStringLength = value;
            return this;
        }

        /**
         * @param value at least 1; see {@link CodecLimits#maxNumberLength()}
         * @since 0.2
         */
        public Builder maxNumberLength(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxNumberLength must be >= 1, was " + value);
            }
            this.maxNumberLength = value;
            return this;
        }

        /** @return the limits */
        public CodecLimits build() {
            return new CodecLimits(this);
        }
    }
}
