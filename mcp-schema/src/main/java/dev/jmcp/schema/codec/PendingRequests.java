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

    /**
     * Whether the params of an inbound request or notification of {@code method} stay JSON (a
     * {@link jakarta.json.JsonObject}, as for a method the codec does not know) instead of being
     * read into the record the codec knows for it: for a side that speaks another protocol under
     * some of MCP's method names (a resources dialect), whose params have members MCP's record
     * would drop or refuse.
     *
     * @param method an inbound request's or notification's method; never null
     * @return false by default
     * @since 0.1
     */
    default boolean paramsAsJson(String method) {
        return false;
    }
}
