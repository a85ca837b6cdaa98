package dev.jmcp.schema.jsonrpc;

/**
 * One JSON-RPC 2.0 message. The {@code jsonrpc: "2.0"} member is implied by the type and written
 * by the codec.
 *
 * <p>{@code params} and {@code result} hold the schema record that the method defines (for
 * example {@link dev.jmcp.schema.resources.ReadResourceRequestParams}) or, for methods that the
 * codec does not know, the raw {@link jakarta.json.JsonObject}.
 *
 * @since 0.1
 */
public sealed interface JsonRpcMessage extends JsonRpcPayload
        permits JsonRpcRequest, JsonRpcNotification, JsonRpcResultResponse, JsonRpcErrorResponse {
}
