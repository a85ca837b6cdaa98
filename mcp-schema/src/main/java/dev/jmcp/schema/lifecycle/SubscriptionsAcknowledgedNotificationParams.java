package dev.jmcp.schema.lifecycle;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code notifications/subscriptions/acknowledged} (2026-07-28), the first message
 * on a {@code subscriptions/listen} stream.
 *
 * @param notifications the part of the requested filter the server will honour; never null
 * @param meta          the {@code _meta} object, which carries
 *                      {@link ServerMetaKeys#SUBSCRIPTION_ID}; may be null
 * @since 0.1
 */
public record SubscriptionsAcknowledgedNotificationParams(SubscriptionFilter notifications, JsonObject meta) {

    public SubscriptionsAcknowledgedNotificationParams {
        Objects.requireNonNull(notifications, "notifications");
    }
}
