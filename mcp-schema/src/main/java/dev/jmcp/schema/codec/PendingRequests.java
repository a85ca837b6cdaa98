package dev.jmcp.schema.codec;

import dev.jmcp.schema.jsonrpc.RequestId;

/**
 * Tells the codec which method an outstanding request called, so that the result of its response
 * can be read straight into that method's result record.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface PendingRequests {
    /** Knows no request: every result is read as a {@link jakarta.json.JsonObject}. */
    PendingRequests NONE = id -> null;

    /** @return the method of the request with this id, or null when there is none */
    String methodOf(RequestId id);
}
