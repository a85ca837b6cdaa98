package dev.jmcp.core.resources;

/**
 * The named limits of a server's resources feature, each with a default. Errors and log lines
 * caused by a limit name it.
 *
 * @param pageSize                 the most resources (or templates) in one page of
 *                                 {@code resources/list} or {@code resources/templates/list}; at
 *                                 least 1
 * @param maxCollectionReadEntries the most elements in the {@code contents} of a read of a
 *                                 collection; at least 1
 * @param maxCollectionReadBytes   the most raw bytes (before base64) of children's bodies in one
 *                                 read of a collection: a child whose size would overflow it is
 *                                 left out, and smaller ones after it may still come; at least 0
 * @param progressIntervalBytes    during a read that asked for progress, a
 *                                 {@code notifications/progress} goes out each time this many more
 *                                 bytes of blob bodies have been read; at least 1
 * @param maxStagedBlobBytes       a read that asks for progress reads its blob bodies on the server
 *                                 while the request is open (so that progress can be reported and
 *                                 cancellation can stop it) and holds them in memory until they are
 *                                 written; a blob longer than this is streamed while it is written
 *                                 instead, without progress. At least 0 (0: never stage)
 * @since 0.1
 */
public record ResourceSettings(
        int pageSize,
        int maxCollectionReadEntries,
        long maxCollectionReadBytes,
        long progressIntervalBytes,
        long maxStagedBlobBytes) {

    /**
     * 10,000 resources per page: about 1 MB of JSON, and one round trip for all but the largest
     * folders, since a round trip costs more than the bytes of a thousand entries; the official
     * SDKs send a whole listing in one page (see docs/decisions.md).
     */
    public static final int DEFAULT_PAGE_SIZE = 10_000;
    /** 100 elements in a collection read. */
    public static final int DEFAULT_MAX_COLLECTION_READ_ENTRIES = 100;
    /** 1 MiB of children's bodies in a collection read. */
    public static final long DEFAULT_MAX_COLLECTION_READ_BYTES = 1L << 20;
    /** A progress notification per 1 MiB read. */
    public static final long DEFAULT_PROGRESS_INTERVAL_BYTES = 1L << 20;
    /** 16 MiB of blob bodies held per read that asks for progress. */
    public static final long DEFAULT_MAX_STAGED_BLOB_BYTES = 16L << 20;

    /** The defaults. */
    public static final ResourceSettings DEFAULTS = new ResourceSettings(DEFAULT_PAGE_SIZE,
            DEFAULT_MAX_COLLECTION_READ_ENTRIES, DEFAULT_MAX_COLLECTION_READ_BYTES, DEFAULT_PROGRESS_INTERVAL_BYTES,
            DEFAULT_MAX_STAGED_BLOB_BYTES);

    public ResourceSettings {
        if (pageSize < 1) {
            throw new IllegalArgumentException("pageSize must be >= 1, was " + pageSize);
        }
        if (maxCollectionReadEntries < 1) {
            throw new IllegalArgumentException("maxCollectionReadEntries must be >= 1, was " + maxCollectionReadEntries);
        }
        if (maxCollectionReadBytes < 0) {
            throw new IllegalArgumentException("maxCollectionReadBytes must be >= 0, was " + maxCollectionReadBytes);
        }
        if (progressIntervalBytes < 1) {
            throw new IllegalArgumentException("progressIntervalBytes must be >= 1, was " + progressIntervalBytes);
        }
        if (maxStagedBlobBytes < 0) {
            throw new IllegalArgumentException("maxStagedBlobBytes must be >= 0, was " + maxStagedBlobBytes);
        }
    }

    /** @return these settings with another {@code pageSize} */
    public ResourceSettings withPageSize(int value) {
        return new ResourceSettings(value, maxCollectionReadEntries, maxCollectionReadBytes, progressIntervalBytes,
                maxStagedBlobBytes);
    }

    /** @return these settings with another {@code maxCollectionReadEntries} */
    public ResourceSettings withMaxCollectionReadEntries(int value) {
        return new ResourceSettings(pageSize, value, maxCollectionReadBytes, progressIntervalBytes, maxStagedBlobBytes);
    }

    /** @return these settings with another {@code maxCollectionReadBytes} */
    public ResourceSettings withMaxCollectionReadBytes(long value) {
        return new ResourceSettings(pageSize, maxCollectionReadEntries, value, progressIntervalBytes, maxStagedBlobBytes);
    }

    /** @return these settings with another {@code progressIntervalBytes} */
    public ResourceSettings withProgressIntervalBytes(long value) {
        return new ResourceSettings(pageSize, maxCollectionReadEntries, maxCollectionReadBytes, value, maxStagedBlobBytes);
    }

    /** @return these settings with another {@code maxStagedBlobBytes} */
    public ResourceSettings withMaxStagedBlobBytes(long value) {
        return new ResourceSettings(pageSize, maxCollectionReadEntries, maxCollectionReadBytes, progressIntervalBytes,
                value);
    }
}
