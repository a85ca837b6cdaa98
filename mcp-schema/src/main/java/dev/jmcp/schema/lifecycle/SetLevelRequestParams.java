package dev.jmcp.schema.lifecycle;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code logging/setLevel} (up to 2025-11-25; from 2026-07-28 the level travels in
 * each request's {@code _meta} under {@link RequestMetaKeys#LOG_LEVEL}).
 *
 * @param level the lowest level the client wants to receive; never null
 * @param meta  the {@code _meta} object; may be null
 * @since 0.1
 */
public record SetLevelRequestParams(LoggingLevel level, JsonObject meta) {

    public SetLevelRequestParams {
        Objects.requireNonNull(level, "level");
    }

    /** @return params without {@code _meta} */
    public static SetLevelRequestParams of(LoggingLevel level) {
        return new SetLevelRequestParams(level, null);
    }
}
