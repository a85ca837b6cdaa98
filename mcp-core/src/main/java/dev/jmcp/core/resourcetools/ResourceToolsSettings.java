package dev.jmcp.core.resourcetools;

import dev.jmcp.schema.Experimental;

/**
 * The named limits of the resources-as-tools feature, each with a default: they keep a tool's answer
 * within what a model's context can take, and say in the answer how to get the rest. Made by
 * {@link #builder()}; immutable. Answers cut by a limit name it.
 *
 * @since 0.1
 */
@Experimental
public final class ResourceToolsSettings {
    /** {@value} characters of text in one answer of {@code resources_read}: a few thousand tokens. */
    public static final int DEFAULT_MAX_TEXT_CHARS = 20_000;
    /**
     * {@value} bytes (256 KiB) of a blob embedded in an answer (as base64); a longer blob is answered
     * with a resource link, which a host reads with {@code resources/read} if it can.
     */
    public static final long DEFAULT_MAX_EMBEDDED_BLOB_BYTES = 256L << 10;
    /** {@value} entries in one answer of {@code resources_list} or {@code resources_search}. */
    public static final int DEFAULT_MAX_ENTRIES = 200;
    /** {@value} resources looked at by one call of {@code resources_search}, collections walked included. */
    public static final int DEFAULT_MAX_SEARCH_VISITED = 10_000;

    private static final ResourceToolsSettings DEFAULTS = builder().build();

    private final int maxTextChars;
    private final long maxEmbeddedBlobBytes;
    private final int maxEntries;
    private final int maxSearchVisited;

    private ResourceToolsSettings(Builder b) {
        this.maxTextChars = b.maxTextChars;
        this.maxEmbeddedBlobBytes = b.maxEmbeddedBlobBytes;
        this.maxEntries = b.maxEntries;
        this.maxSearchVisited = b.maxSearchVisited;
    }

    /** @return the defaults */
    public static ResourceToolsSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().maxTextChars(maxTextChars).maxEmbeddedBlobBytes(maxEmbeddedBlobBytes)
                .maxEntries(maxEntries).maxSearchVisited(maxSearchVisited);
    }

    /**
     * @return the most characters of a text resource in one answer of {@code resources_read}; the
     *         answer then says which {@code offset} to ask for next. At least 1
     */
    public int maxTextChars() {
        return maxTextChars;
    }

    /**
     * @return the longest blob (raw bytes) that {@code resources_read} embeds; a longer one is
     *         answered with a resource link and its size. At least 0 (0: always a link)
     */
    public long maxEmbeddedBlobBytes() {
        return maxEmbeddedBlobBytes;
    }

    /**
     * @return the most entries in one answer of {@code resources_list} or {@code resources_search};
     *         the answer then says which {@code cursor} to ask for next. At least 1
     */
    public int maxEntries() {
        return maxEntries;
    }

    /**
     * @return the most resources one call of {@code resources_search} looks at; the answer then says
     *         it stopped there. At least 1
     */
    public int maxSearchVisited() {
        return maxSearchVisited;
    }

    @Override
    public String toString() {
        return "ResourceToolsSettings[maxTextChars=" + maxTextChars + ", maxEmbeddedBlobBytes=" + maxEmbeddedBlobBytes
                + ", maxEntries=" + maxEntries + ", maxSearchVisited=" + maxSearchVisited + "]";
    }

    /**
     * Builds {@link ResourceToolsSettings}; each method checks its value at once and names the
     * setting when it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private int maxTextChars = DEFAULT_MAX_TEXT_CHARS;
        private long maxEmbeddedBlobBytes = DEFAULT_MAX_EMBEDDED_BLOB_BYTES;
        private int maxEntries = DEFAULT_MAX_ENTRIES;
        private int maxSearchVisited = DEFAULT_MAX_SEARCH_VISITED;

        private Builder() {
        }

        /** @param value at least 1; see {@link ResourceToolsSettings#maxTextChars()} */
        public Builder maxTextChars(int value) {
            this.maxTextChars = (int) atLeast("maxTextChars", value, 1);
            return this;
        }

        /** @param value at least 0; see {@link ResourceToolsSettings#maxEmbeddedBlobBytes()} */
        public Builder maxEmbeddedBlobBytes(long value) {
            this.maxEmbeddedBlobBytes = atLeast("maxEmbeddedBlobBytes", value, 0);
            return this;
        }

        /** @param value at least 1; see {@link ResourceToolsSettings#maxEntries()} */
        public Builder maxEntries(int value) {
            this.maxEntries = (int) atLeast("maxEntries", value, 1);
            return this;
        }

        /** @param value at least 1; see {@link ResourceToolsSettings#maxSearchVisited()} */
        public Builder maxSearchVisited(int value) {
            this.maxSearchVisited = (int) atLeast("maxSearchVisited", value, 1);
            return this;
        }

        /** @return the settings */
        public ResourceToolsSettings build() {
            return new ResourceToolsSettings(this);
        }

        private static long atLeast(String setting, long value, long min) {
            if (value < min) {
                throw new IllegalArgumentException(setting + " must be >= " + min + ", was " + value);
            }
            return value;
        }
    }
}
