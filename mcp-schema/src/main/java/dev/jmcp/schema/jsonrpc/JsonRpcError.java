package dev.jmcp.schema.jsonrpc;

import jakarta.json.JsonValue;
import java.util.Objects;

/**
 * The {@code error} member of an error response.
 *
 * @param code    the error code, see {@link ErrorCodes}
 * @param message a short description; never null
 * @param data    additional information, such as {@code {"uri": ...}} for a missing resource; may be null
 * @since 0.1
 */
public record JsonRpcError(int code, String message, JsonValue data) {
    public JsonRpcError {
        Objects.requireNonNull(message, "message");
    }
}
