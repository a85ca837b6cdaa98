package dev.jmcp.core.spi;

import dev.jmcp.schema.common.CacheScope;
import java.util.Objects;

/**
 * The caching hints a 2026-07-28 server puts on a cacheable result ({@code ttlMs} and
 * {@code cacheScope}): how long a client may treat it as fresh, and who may keep a copy. A
 * {@link ResourceProvider} says what fits its resources ({@link ResourceProvider#cacheHint()}); the
 * server's default covers the rest.
 *
 * @param ttlMs milliseconds the result stays fresh; 0 for "re-fetch whenever needed"; never negative
 * @param scope who may cache it; never null
 * @since 0.1
 */
public record CacheHint(long ttlMs, CacheScope scope) {
    /** Immediately stale and private: safe for any result, and what a server says unless told more. */
    public static final CacheHint NONE = new CacheHint(0, CacheScope.PRIVATE);

    public CacheHint {
        if (ttlMs < 0) {
            throw new IllegalArgumentException("ttlMs must be >= 0, was " + ttlMs);
        }
        Objects.requireNonNull(scope, "scope");
    }

    /** @return a hint of {@code ttlMs} milliseconds, private */
    public static CacheHint privateFor(long ttlMs) {
        return new CacheHint(ttlMs, CacheScope.PRIVATE);
    }

    /** @return a hint of {@code ttlMs} milliseconds, public: the result holds nothing user-specific */
    public static CacheHint publicFor(long ttlMs) {
        return new CacheHint(ttlMs, CacheScope.PUBLIC);
    }

    /**
     * @return the hint that suits a result built from both: the shorter freshness, and private when
     *         either is private
     */
    public CacheHint and(CacheHint other) {
        CacheScope merged = scope == CacheScope.PRIVATE || other.scope == CacheScope.PRIVATE
                ? CacheScope.PRIVATE : CacheScope.PUBLIC;
        return new CacheHint(Math.min(ttlMs, other.ttlMs), merged);
    }
}
