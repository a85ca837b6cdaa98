package dev.jmcp.schema.resources;

import jakarta.json.JsonObject;

/**
 * The params of {@code resources/templates/list}.
 *
 * @param cursor the {@code nextCursor} of the previous page; null for the first page
 * @param meta   the {@code _meta} object; required from 2026-07-28, may be null for earlier
 *               revisions (the session adds it when it sends the request)
 * @since 0.1
 */
public record ListResourceTemplatesRequestParams(String cursor, JsonObject meta) {

    /** @return params for the page after {@code cursor}, which may be null for the first */
    public static ListResourceTemplatesRequestParams page(String cursor) {
        return new ListResourceTemplatesRequestParams(cursor, null);
    }
}
