package dev.jmcp.schema.common;

import jakarta.json.JsonObject;

/**
 * A result with nothing but the common fields: the answer to {@code ping},
 * {@code logging/setLevel}, {@code resources/subscribe} and {@code resources/unsubscribe}.
 *
 * @param resultType required from 2026-07-28; may be null for earlier revisions
 * @param meta       the {@code _meta} object; may be null
 * @since 0.1
 */
public record EmptyResult(String resultType, JsonObject meta) implements Result {

    /** @return an empty result without any field, as the revisions before 2026-07-28 send it */
    public static EmptyResult of() {
        return new EmptyResult(null, null);
    }

    /** @return an empty result marked {@code resultType: "complete"}, as 2026-07-28 requires */
    public static EmptyResult complete() {
        return new EmptyResult(ResultType.COMPLETE, null);
    }
}
