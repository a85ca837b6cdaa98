package dev.jmcp.schema.jsonrpc;

import java.util.Objects;

/**
 * A successful response.
 *
 * @param id     the id of the request it answers; never null
 * @param result the method's result record, or a {@link jakarta.json.JsonObject} when the codec
 *               could not tell which method the request was; never null
 * @since 0.1
 */
public record JsonRpcResultResponse(RequestId id, Object result) implements JsonRpcMessage {
    public JsonRpcResultResponse {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(result, "result");
    }
}
