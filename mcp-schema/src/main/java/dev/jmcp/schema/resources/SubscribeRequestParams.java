package dev.jmcp.schema.resources;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code resources/subscribe} (up to 2025-11-25; 2026-07-28 replaces it
 * with {@code subscriptions/listen}): asks for {@code notifications/resources/updated}
 * whenever the resource changes.
 *
 * @param uri  the resource; never null
 * @param meta the {@code _meta} object; may be null
 * @since 0.1
 */
public record SubscribeRequestParams(String uri, JsonObject meta) {

    public SubscribeRequestParams {
        Objects.requireNonNull(uri, "uri");
    }

    /** @return params for {@code uri} */
    public static SubscribeRequestParams of(String uri) {
        return new SubscribeRequestParams(uri, null);
    }
}
