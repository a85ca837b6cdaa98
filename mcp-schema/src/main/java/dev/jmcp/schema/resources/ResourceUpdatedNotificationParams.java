package dev.jmcp.schema.resources;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code notifications/resources/updated}: a resource the client subscribed to has
 * changed and may be read again.
 *
 * @param uri  the changed resource; it may be a sub-resource of the one subscribed to; never null
 * @param meta the {@code _meta} object; on a 2026-07-28 subscription stream it carries the
 *             subscription id; may be null
 * @since 0.1
 */
public record ResourceUpdatedNotificationParams(String uri, JsonObject meta) {

    public ResourceUpdatedNotificationParams {
        Objects.requireNonNull(uri, "uri");
    }

    /** @return params for {@code uri} */
    public static ResourceUpdatedNotificationParams of(String uri) {
        return new ResourceUpdatedNotificationParams(uri, null);
    }
}
