package dev.jmcp.schema.resources;

import dev.jmcp.schema.common.CacheScope;
import dev.jmcp.schema.common.CacheableResult;
import dev.jmcp.schema.common.ResultType;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * The result of {@code resources/read}. Under SEP-2093, for a resource with
 * {@code isCollection: false} every element has the requested URI (several elements are
 * alternative formats); for a collection the elements may be its children, each with its own
 * metadata, and need not be all of them.
 *
 * @param contents   the elements; never null
 * @param resultType required from 2026-07-28; may be null for earlier revisions
 * @param ttlMs      how long the client may keep this result, in milliseconds, never negative;
 *                   required from 2026-07-28, may be null for earlier revisions
 * @param cacheScope who may cache it; required from 2026-07-28, may be null for earlier revisions
 * @param meta       the {@code _meta} object; may be null
 * @since 0.1
 */
public record ReadResourceResult(
        List<ResourceContents> contents,
        String resultType,
        Long ttlMs,
        CacheScope cacheScope,
        JsonObject meta) implements CacheableResult {

    public ReadResourceResult {
        contents = List.copyOf(Objects.requireNonNull(contents, "contents"));
        Checks.checkTtl(ttlMs);
    }

    /** @return a result without the 2026-07-28 fields */
    public static ReadResourceResult of(List<ResourceContents> contents) {
        return new ReadResourceResult(contents, null, null, null, null);
    }

    /** @return a result with one element and without the 2026-07-28 fields */
    public static ReadResourceResult of(ResourceContents contents) {
        return of(List.of(contents));
    }

    @Override
    public ReadResourceResult withCaching(long ttlMs, CacheScope cacheScope) {
        return new ReadResourceResult(contents, resultType == null ? ResultType.COMPLETE : resultType, ttlMs,
                Objects.requireNonNull(cacheScope, "cacheScope"), meta);
    }
}
