package dev.jmcp.schema.jsonrpc;

/**
 * What one read of the wire yields: a single message or, from 2025-03-26 peers, a batch.
 *
 * @since 0.1
 */
public sealed interface JsonRpcPayload permits JsonRpcMessage, JsonRpcBatch {
}
