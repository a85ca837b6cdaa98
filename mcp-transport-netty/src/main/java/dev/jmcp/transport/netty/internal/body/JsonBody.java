package dev.jmcp.transport.netty.internal.body;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import io.netty.handler.codec.http.HttpResponse;
import java.util.Objects;

/**
 * A whole {@code application/json} response: its head and the message that is its body;
 * {@link JsonBodyWriter} encodes the message and writes both, ending the response. One message, so
 * that a thread off the event loop hands the loop one task, not two.
 *
 * @param head    the head, chunked; never null. The writer gives it a {@code Content-Length} instead
 *                when the body is encoded whole before it is written
 * @param payload never null
 */
public record JsonBody(HttpResponse head, JsonRpcPayload payload) {
    public JsonBody {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(payload, "payload");
    }
}
