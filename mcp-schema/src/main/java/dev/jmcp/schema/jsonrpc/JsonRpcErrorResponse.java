package dev.jmcp.schema.jsonrpc;

import java.util.Objects;

/**
 * An error response.
 *
 * @param id    the id of the request it answers; null when that id could not be read
 * @param error never null
 * @since 0.1
 */
public record JsonRpcErrorResponse(RequestId id, JsonRpcError error) implements JsonRpcMessage {
    public JsonRpcErrorResponse {
        Objects.requireNonNull(error, "error");
    }

    /** @return the response that reports {@code failure} for the request it names */
    public static JsonRpcErrorResponse of(ProtocolException failure) {
        return new JsonRpcErrorResponse(failure.requestId(), failure.toError());
    }
}
