package dev.jmcp.schema.resources;

import dev.jmcp.schema.common.CacheScope;
import dev.jmcp.schema.common.CacheableResult;
import dev.jmcp.schema.common.ResultType;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The result of {@code resources/metadata} (SEP-2093). SEP-2093 gives it only {@code resource} on
 * top of the common result fields; jmcp also lets it carry the 2026-07-28 caching hints, as
 * {@code resources/read} does, since it answers the same question more cheaply.
 *
 * @param resource   the resource's metadata; never null, and its name is required
 * @param resultType required from 2026-07-28; may be null for earlier revisions
 * @param ttlMs      how long the client may keep this result, in milliseconds, never negative; may
 *                   be null
 * @param cacheScope who may cache it; may be null
 * @param meta       the {@code _meta} object of the result; may be null
 * @since 0.1
 */
public record ReadResourceMetadataResult(
        Resource resource,
        String resultType,
        Long ttlMs,
        CacheScope cacheScope,
        JsonObject meta) implements CacheableResult {

    public ReadResourceMetadataResult {
        Objects.requireNonNull(resource, "resource");
        Checks.requireName(resource, "resource");
        Checks.checkTtl(ttlMs);
    }

    /** @return a result without the 2026-07-28 fields */
    public static ReadResourceMetadataResult of(Resource resource) {
        return new ReadResourceMetadataResult(resource, null, null, null, null);
    }

    @Override
    public ReadResourceMetadataResult withCaching(long ttlMs, CacheScope cacheScope) {
        return new ReadResourceMetadataResult(resource, resultType == null ? ResultType.COMPLETE : resultType, ttlMs,
                Objects.requireNonNull(cacheScope, "cacheScope"), meta);
    }
}
