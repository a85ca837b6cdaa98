package dev.jmcp.schema.common;

/**
 * A result that carries the caching hints of 2026-07-28: the results of {@code server/discover},
 * the list methods and {@code resources/read}. Not a wire type of its own.
 *
 * @since 0.1
 */
public interface CacheableResult extends Result {

    /**
     * @return how many milliseconds the client may treat the result as fresh, never negative;
     *         required from 2026-07-28, may be null for earlier revisions
     */
    Long ttlMs();

    /** @return who may cache the result; required from 2026-07-28, may be null for earlier revisions */
    CacheScope cacheScope();

    /**
     * Returns a copy that carries these hints, as a server speaking 2026-07-28 must send them.
     * Hints only make sense on a final result, so an absent {@code resultType} becomes
     * {@link ResultType#COMPLETE}.
     *
     * @param ttlMs      freshness in milliseconds; must be >= 0
     * @param cacheScope who may cache it; never null
     * @return the copy; never null
     */
    CacheableResult withCaching(long ttlMs, CacheScope cacheScope);
}
