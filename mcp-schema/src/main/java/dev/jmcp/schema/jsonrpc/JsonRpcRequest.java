package dev.jmcp.schema.jsonrpc;

import java.util.Objects;

/**
 * A request: a message that expects a response with the same id.
 *
 * @param id     never null
 * @param method never null
 * @param params the method's params record, a {@link jakarta.json.JsonObject} for a method the
 *               codec does not know; may be null
 * @since 0.1
 */
public record JsonRpcRequest(RequestId id, String method, Object params) implements JsonRpcMessage {
    public JsonRpcRequest {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(method, "method");
    }
}
