package dev.jmcp.schema.lifecycle;

import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code notifications/cancelled}: the sender no longer wants the answer to one of
 * its requests (from 2026-07-28 this also ends a {@code subscriptions/listen} stream on stdio).
 *
 * @param requestId the id of the request to cancel. Every revision but 2025-11-25 requires it;
 *                  that one lets it be absent (a task is cancelled another way), so it may be null
 *                  when read from a 2025-11-25 peer
 * @param reason    why, for logs or people; may be null
 * @param meta      the {@code _meta} object; may be null
 * @since 0.1
 */
public record CancelledNotificationParams(RequestId requestId, String reason, JsonObject meta) {

    /** @return params that cancel {@code requestId}, with an optional reason */
    public static CancelledNotificationParams of(RequestId requestId, String reason) {
        return new CancelledNotificationParams(Objects.requireNonNull(requestId, "requestId"), reason, null);
    }
}
