package dev.jmcp.schema.lifecycle;

import dev.jmcp.schema.common.Result;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The result of {@code subscriptions/listen} (2026-07-28). The server sends it only when it ends
 * the stream on its own, so that the client can tell a clean close from a dropped connection.
 *
 * @param resultType never null; {@code "complete"} for a conforming server
 * @param meta       the {@code _meta} object. The wire requires it, with the subscription's id
 *                   under {@link ServerMetaKeys#SUBSCRIPTION_ID}, but it may be null here so that
 *                   the session can add it when it sends the result
 * @since 0.1
 */
public record SubscriptionsListenResult(String resultType, JsonObject meta) implements Result {

    public SubscriptionsListenResult {
        Objects.requireNonNull(resultType, "resultType");
    }
}
