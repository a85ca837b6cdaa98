package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.common.ProgressToken;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.lang.reflect.RecordComponent;

/**
 * Finds the {@code _meta.progressToken} of a request's params, so that the progress notifications
 * the server sends for it go on the stream of the POST that carried it. Params are a schema record
 * with a {@code JsonObject meta} component or a raw {@link JsonObject}.
 */
final class ProgressTokens {
    private ProgressTokens() {
    }

    /** @return the token; null when the params carry none */
    static ProgressToken of(Object params) {
        JsonObject meta = meta(params);
        JsonValue token = meta == null ? null : meta.get("progressToken");
        if (token instanceof JsonString text) {
            return ProgressToken.of(text.getString());
        }
        if (token instanceof JsonNumber number && number.isIntegral()) {
            return ProgressToken.of(number.longValue());
        }
        return null;
    }

    private static JsonObject meta(Object params) {
        if (params instanceof JsonObject object) {
            JsonValue meta = object.get("_meta");
            return meta instanceof JsonObject metaObject ? metaObject : null;
        }
        if (params instanceof Record record) {
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                if (component.getName().equals("meta") && component.getType() == JsonObject.class) {
                    try {
                        return (JsonObject) component.getAccessor().invoke(record);
                    } catch (ReflectiveOperationException | RuntimeException e) {
                        return null;
                    }
                }
            }
        }
        return null;
    }
}
