package dev.jmcp.schema.jsonrpc;

import java.util.List;

/**
 * A JSON-RPC batch: an array of messages, accepted when 2025-03-26 is negotiated.
 *
 * @param messages the messages in wire order; never null, never empty
 * @since 0.1
 */
public record JsonRpcBatch(List<JsonRpcMessage> messages) implements JsonRpcPayload {
    public JsonRpcBatch {
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a batch must hold at least one message");
        }
    }
}
