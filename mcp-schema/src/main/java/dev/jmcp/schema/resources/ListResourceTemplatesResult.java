package dev.jmcp.schema.resources;

import dev.jmcp.schema.common.CacheScope;
import dev.jmcp.schema.common.CacheableResult;
import dev.jmcp.schema.common.ResultType;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * The result of {@code resources/templates/list}: one page of templates.
 *
 * @param resourceTemplates the page; never null
 * @param nextCursor        the cursor for the next page; null on the last page
 * @param resultType        required from 2026-07-28; may be null for earlier revisions
 * @param ttlMs             how long the client may keep this page, in milliseconds, never
 *                          negative; required from 2026-07-28, may be null for earlier revisions
 * @param cacheScope        who may cache it; required from 2026-07-28, may be null for earlier
 *                          revisions
 * @param meta              the {@code _meta} object; may be null
 * @since 0.1
 */
public record ListResourceTemplatesResult(
        List<ResourceTemplate> resourceTemplates,
        String nextCursor,
        String resultType,
        Long ttlMs,
        CacheScope cacheScope,
        JsonObject meta) implements CacheableResult {

    public ListResourceTemplatesResult {
        resourceTemplates = List.copyOf(Objects.requireNonNull(resourceTemplates, "resourceTemplates"));
        Checks.checkTtl(ttlMs);
    }

    /** @return a page without the 2026-07-28 fields; {@code nextCursor} may be null */
    public static ListResourceTemplatesResult of(List<ResourceTemplate> resourceTemplates, String nextCursor) {
        return new ListResourceTemplatesResult(resourceTemplates, nextCursor, null, null, null, null);
    }

    @Override
    public ListResourceTemplatesResult withCaching(long ttlMs, CacheScope cacheScope) {
        return new ListResourceTemplatesResult(resourceTemplates, nextCursor,
                resultType == null ? ResultType.COMPLETE : resultType, ttlMs,
                Objects.requireNonNull(cacheScope, "cacheScope"), meta);
    }
}
