package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import java.util.Objects;

/**
 * The whole body of an {@code application/json} response, written after its head;
 * {@link JsonBodyWriter} encodes it lazily and ends the response.
 *
 * @param payload never null
 */
public record JsonBody(JsonRpcPayload payload) {
    public JsonBody {
        Objects.requireNonNull(payload, "payload");
    }
}
