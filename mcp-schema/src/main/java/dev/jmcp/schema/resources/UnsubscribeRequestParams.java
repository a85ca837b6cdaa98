package dev.jmcp.schema.resources;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code resources/unsubscribe} (up to 2025-11-25; 2026-07-28 replaces it
 * with {@code subscriptions/listen}): stops the updates that
 * {@code resources/subscribe} asked for.
 *
 * @param uri  the resource; never null
 * @param meta the {@code _meta} object; may be null
 * @since 0.1
 */
public record UnsubscribeRequestParams(String uri, JsonObject meta) {

    public UnsubscribeRequestParams {
        Objects.requireNonNull(uri, "uri");
    }

    /** @return params for {@code uri} */
    public static UnsubscribeRequestParams of(String uri) {
        return new UnsubscribeRequestParams(uri, null);
    }
}
