package dev.jmcp.schema.lifecycle;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;

/**
 * The params of {@code notifications/message}: one log message from the server.
 *
 * @param level  the message's severity; never null
 * @param logger the name of the logger that produced it; may be null
 * @param data   the message: any JSON value, such as a string or an object; never null (a JSON
 *               {@code null} is {@link JsonValue#NULL})
 * @param meta   the {@code _meta} object; may be null
 * @since 0.1
 */
public record LoggingMessageNotificationParams(
        LoggingLevel level,
        String logger,
        JsonValue data,
        JsonObject meta) {

    public LoggingMessageNotificationParams {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(data, "data");
    }

    /** @return a message from {@code logger} (which may be null) without {@code _meta} */
    public static LoggingMessageNotificationParams of(LoggingLevel level, String logger, JsonValue data) {
        return new LoggingMessageNotificationParams(level, logger, data, null);
    }
}
