package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.core.internal.transport.StatelessMeta;
import dev.jmcp.schema.common.ProgressToken;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Finds the {@code _meta.progressToken} of a request's params, so that the progress notifications
 * the server sends for it go on the stream of the POST that carried it. The {@code _meta} is read
 * as core reads it, from a schema record or a raw {@link JsonObject}.
 */
final class ProgressTokens {
    private ProgressTokens() {
    }

    /** @return the token; null when the params carry none */
    static ProgressToken of(Object params) {
        JsonObject meta = StatelessMeta.of(params);
        JsonValue token = meta == null ? null : meta.get("progressToken");
        if (token instanceof JsonString text) {
            return ProgressToken.of(text.getString());
        }
        if (token instanceof JsonNumber number && number.isIntegral()) {
            return ProgressToken.of(number.longValue());
        }
        return null;
    }
}
