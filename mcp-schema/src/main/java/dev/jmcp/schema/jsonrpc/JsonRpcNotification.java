package dev.jmcp.schema.jsonrpc;

import java.util.Objects;

/**
 * A notification: a message without an id that is never answered.
 *
 * @param method never null
 * @param params the method's params record or a {@link jakarta.json.JsonObject}; may be null
 * @since 0.1
 */
public record JsonRpcNotification(String method, Object params) implements JsonRpcMessage {
    public JsonRpcNotification {
        Objects.requireNonNull(method, "method");
    }
}
