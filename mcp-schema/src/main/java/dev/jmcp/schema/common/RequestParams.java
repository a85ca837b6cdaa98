package dev.jmcp.schema.common;

import jakarta.json.JsonObject;

/**
 * The params of a request that carries nothing but {@code _meta}: {@code ping} (up to
 * 2025-11-25) and {@code server/discover} (2026-07-28).
 *
 * @param meta the {@code _meta} object; from 2026-07-28 it is required and carries the keys of
 *             {@link dev.jmcp.schema.lifecycle.RequestMetaKeys}; may be null for earlier revisions
 * @since 0.1
 */
public record RequestParams(JsonObject meta) {

    /** @return params without {@code _meta} */
    public static RequestParams of() {
        return new RequestParams(null);
    }
}
