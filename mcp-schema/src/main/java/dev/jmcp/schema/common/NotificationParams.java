package dev.jmcp.schema.common;

import jakarta.json.JsonObject;

/**
 * The params of a notification that carries nothing but {@code _meta}:
 * {@code notifications/initialized} and {@code notifications/resources/list_changed} (and the
 * other {@code list_changed} notifications).
 *
 * @param meta the {@code _meta} object; on a 2026-07-28 subscription stream it carries
 *             {@link dev.jmcp.schema.lifecycle.ServerMetaKeys#SUBSCRIPTION_ID}; may be null
 * @since 0.1
 */
public record NotificationParams(JsonObject meta) {

    /** @return params without {@code _meta} */
    public static NotificationParams of() {
        return new NotificationParams(null);
    }
}
