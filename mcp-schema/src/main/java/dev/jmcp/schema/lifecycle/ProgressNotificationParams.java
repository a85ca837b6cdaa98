package dev.jmcp.schema.lifecycle;

import dev.jmcp.schema.common.ProgressToken;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code notifications/progress}: how far a long request has got.
 *
 * @param progressToken the token the request carried; never null
 * @param progress      the progress so far, which should grow with each notification; never null,
 *                      finite
 * @param total         the value {@code progress} will reach, when known; may be null, finite
 * @param message       a status line for people (2025-03-26 and later); may be null
 * @param meta          the {@code _meta} object; may be null
 * @since 0.1
 */
public record ProgressNotificationParams(
        ProgressToken progressToken,
        Double progress,
        Double total,
        String message,
        JsonObject meta) {

    public ProgressNotificationParams {
        Objects.requireNonNull(progressToken, "progressToken");
        Objects.requireNonNull(progress, "progress");
        // JSON has no NaN or infinity, so such a value could not be written
        if (!Double.isFinite(progress)) {
            throw new IllegalArgumentException("progress must be a finite number, was " + progress);
        }
        if (total != null && !Double.isFinite(total)) {
            throw new IllegalArgumentException("total must be a finite number, was " + total);
        }
    }

    /** @return progress with a known total and no message */
    public static ProgressNotificationParams of(ProgressToken progressToken, double progress, Double total) {
        return new ProgressNotificationParams(progressToken, progress, total, null, null);
    }
}
