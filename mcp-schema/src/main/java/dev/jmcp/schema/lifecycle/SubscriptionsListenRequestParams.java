package dev.jmcp.schema.lifecycle;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code subscriptions/listen} (2026-07-28), which opens a long-lived stream of the
 * change notifications the filter names.
 *
 * @param notifications what to subscribe to; never null
 * @param meta          the {@code _meta} object. The wire requires it (it carries the keys of
 *                      {@link RequestMetaKeys}), but it may be null here so that the session can
 *                      add it when it sends the request
 * @since 0.1
 */
public record SubscriptionsListenRequestParams(SubscriptionFilter notifications, JsonObject meta) {

    public SubscriptionsListenRequestParams {
        Objects.requireNonNull(notifications, "notifications");
    }

    /** @return params without {@code _meta} */
    public static SubscriptionsListenRequestParams of(SubscriptionFilter notifications) {
        return new SubscriptionsListenRequestParams(notifications, null);
    }
}
