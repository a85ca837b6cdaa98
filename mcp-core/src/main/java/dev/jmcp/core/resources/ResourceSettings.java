package dev.jmcp.core.resources;

import dev.jmcp.schema.Experimental;
import java.util.Objects;

/**
 * The named limits of a server's resources feature, each with a default. Made by
 * {@link #builder()}; immutable. Errors and log lines caused by a limit name it.
 *
 * @since 0.1
 */
public final class ResourceSettings {
    /**
     * {@value} resources per page: about 1 MB of JSON, and one round trip for all but the largest
     * folders, since a round trip costs more than the bytes of a thousand entries; the official
     * SDKs send a whole listing in one page (see docs/decisions.md).
     */
    public static final int DEFAULT_PAGE_SIZE = 10_000;
    /** {@value} elements in a collection read. */
    public static final int DEFAULT_MAX_COLLECTION_READ_ENTRIES = 100;
    /** {@value} bytes (1 MiB) of children's bodies in a collection read. */
    public static final long DEFAULT_MAX_COLLECTION_READ_BYTES = 1L << 20;
    /** A progress notification per {@value} bytes (1 MiB) read. */
    public static final long DEFAULT_PROGRESS_INTERVAL_BYTES = 1L << 20;
    /** {@value} bytes (16 MiB) of blob bodies held per read that asks for progress. */
    public static final long DEFAULT_MAX_STAGED_BLOB_BYTES = 16L << 20;
    /**
     * {@value} bytes (8 MiB): a leaf at least this large is read as a task, for a client that
     * negotiated the tasks extension on a server that serves it.
     */
    @Experimental
    public static final long DEFAULT_READ_AS_TASK_ABOVE_BYTES = 8L << 20;

    /**
     * {@value} subscriptions held by one session: a client can watch every resource of a default page,
     * and a session holds at most about a megabyte of them.
     */
    public static final int DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION = 10_000;

    private static final ResourceSettings DEFAULTS = builder().build();

    private final int pageSize;
    private final int maxCollectionReadEntries;
    private final long maxCollectionReadBytes;
    private final long progressIntervalBytes;
    private final long maxStagedBlobBytes;
    private final int maxSubscriptionsPerSession;
    private final long readAsTaskAboveBytes;

    private ResourceSettings(Builder b) {
        this.pageSize = b.pageSize;
        this.maxCollectionReadEntries = b.maxCollectionReadEntries;
        this.maxCollectionReadBytes = b.maxCollectionReadBytes;
        this.progressIntervalBytes = b.progressIntervalBytes;
        this.maxStagedBlobBytes = b.maxStagedBlobBytes;
        this.maxSubscriptionsPerSession = b.maxSubscriptionsPerSession;
        this.readAsTaskAboveBytes = b.readAsTaskAboveBytes;
    }

    /** @return the defaults */
    public static ResourceSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().pageSize(pageSize).maxCollectionReadEntries(maxCollectionReadEntries)
                .maxCollectionReadBytes(maxCollectionReadBytes).progressIntervalBytes(progressIntervalBytes)
                .maxStagedBlobBytes(maxStagedBlobBytes).maxSubscriptionsPerSession(maxSubscriptionsPerSession)
                .readAsTaskAboveBytes(readAsTaskAboveBytes);
    }

    /**
     * @return the most resources (or templates) in one page of {@code resources/list} or
     *         {@code resources/templates/list}; at least 1
     */
    public int pageSize() {
        return pageSize;
    }

    /** @return the most elements in the {@code contents} of a read of a collection; at least 1 */
    public int maxCollectionReadEntries() {
        return maxCollectionReadEntries;
    }

    /**
     * @return the most raw bytes (before base64) of children's bodies in one read of a collection: a
     *         child whose size would overflow it is left out, and smaller ones after it may still
     *         come; at least 0
     */
    public long maxCollectionReadBytes() {
        return maxCollectionReadBytes;
    }

    /**
     * @return during a read that asked for progress, a {@code notifications/progress} goes out each
     *         time this many more bytes of blob bodies have been read; at least 1
     */
    public long progressIntervalBytes() {
        return progressIntervalBytes;
    }

    /**
     * @return a read that asks for progress reads its blob bodies on the server while the request is
     *         open (so that progress can be reported and cancellation can stop it) and holds them in
     *         memory until they are written; a blob longer than this (or one that the transport's
     *         answer budget cannot hold) is read through for its progress without being kept, and
     *         read again while it is written. At least 0 (0: never stage)
     */
    public long maxStagedBlobBytes() {
        return maxStagedBlobBytes;
    }

    /**
     * @return the most resources one session may be subscribed to at once: a
     *         {@code resources/subscribe} past it is refused with {@code -32602} naming this setting,
     *         and adds nothing (in a dialect whose subscribe takes a list of URIs, such as gomcp's
     *         {@code uris[]}, none of them). At least 1
     * @since 0.1
     */
    public int maxSubscriptionsPerSession() {
        return maxSubscriptionsPerSession;
    }

    /**
     * @return the size (the resource's {@code size}, as its provider describes it) from which
     *         {@code resources/read} of a leaf runs as a task (the tasks extension,
     *         {@code McpServer.Builder.tasks}) when the client negotiated it: answered at once, read
     *         while the client polls, stopped by {@code tasks/cancel}. Its result is kept with the
     *         task, charged to the transport's answer budget. A leaf of unknown size, a ranged read
     *         and a collection are read in the request. At least 0
     * @since 0.1
     */
    @Experimental
    public long readAsTaskAboveBytes() {
        return readAsTaskAboveBytes;
    }

    @Override
    public String toString() {
        return "ResourceSettings[pageSize=" + pageSize + ", maxCollectionReadEntries=" + maxCollectionReadEntries
                + ", maxCollectionReadBytes=" + maxCollectionReadBytes + ", progressIntervalBytes="
                + progressIntervalBytes + ", maxStagedBlobBytes=" + maxStagedBlobBytes + ", maxSubscriptionsPerSession="
                + maxSubscriptionsPerSession + ", readAsTaskAboveBytes=" + readAsTaskAboveBytes + "]";
    }

    /**
     * Builds {@link ResourceSettings}; each method checks its value at once and names the setting
     * when it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private int pageSize = DEFAULT_PAGE_SIZE;
        private int maxCollectionReadEntries = DEFAULT_MAX_COLLECTION_READ_ENTRIES;
        private long maxCollectionReadBytes = DEFAULT_MAX_COLLECTION_READ_BYTES;
        private long progressIntervalBytes = DEFAULT_PROGRESS_INTERVAL_BYTES;
        private long maxStagedBlobBytes = DEFAULT_MAX_STAGED_BLOB_BYTES;
        private int maxSubscriptionsPerSession = DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION;
        private long readAsTaskAboveBytes = DEFAULT_READ_AS_TASK_ABOVE_BYTES;

        private Builder() {
        }

        /** @param value at least 1; see {@link ResourceSettings#pageSize()} */
        public Builder pageSize(int value) {
            this.pageSize = atLeast("pageSize", value, 1);
            return this;
        }

        /** @param value at least 1; see {@link ResourceSettings#maxCollectionReadEntries()} */
        public Builder maxCollectionReadEntries(int value) {
            this.maxCollectionReadEntries = atLeast("maxCollectionReadEntries", value, 1);
            return this;
        }

        /** @param value at least 0; see {@link ResourceSettings#maxCollectionReadBytes()} */
        public Builder maxCollectionReadBytes(long value) {
            this.maxCollectionReadBytes = atLeast("maxCollectionReadBytes", value, 0);
            return this;
        }

        /** @param value at least 1; see {@link ResourceSettings#progressIntervalBytes()} */
        public Builder progressIntervalBytes(long value) {
            this.progressIntervalBytes = atLeast("progressIntervalBytes", value, 1);
            return this;
        }

        /** @param value at least 0; see {@link ResourceSettings#maxStagedBlobBytes()} */
        public Builder maxStagedBlobBytes(long value) {
            this.maxStagedBlobBytes = atLeast("maxStagedBlobBytes", value, 0);
            return this;
        }

        /** @param value at least 1; see {@link ResourceSettings#maxSubscriptionsPerSession()} */
        public Builder maxSubscriptionsPerSession(int value) {
            this.maxSubscriptionsPerSession = atLeast("maxSubscriptionsPerSession", value, 1);
            return this;
        }

        /** @param value at least 0; see {@link ResourceSettings#readAsTaskAboveBytes()} */
        @Experimental
        public Builder readAsTaskAboveBytes(long value) {
            this.readAsTaskAboveBytes = atLeast("readAsTaskAboveBytes", value, 0);
            return this;
        }

        /** @return the settings */
        public ResourceSettings build() {
            return new ResourceSettings(this);
        }

        private static int atLeast(String setting, int value, int min) {
            return (int) atLeast(setting, (long) value, min);
        }

        private static long atLeast(String setting, long value, long min) {
            if (value < min) {
                throw new IllegalArgumentException(setting + " must be >= " + min + ", was " + value);
            }
            return value;
        }
    }
}
