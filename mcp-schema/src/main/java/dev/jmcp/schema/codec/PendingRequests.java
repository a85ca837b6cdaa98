package dev.jmcp.schema.codec;

import dev.jmcp.schema.jsonrpc.RequestId;

/**
 * Tells the codec which method an outstanding request called, so that the result of its response
 * can be read straight into that method's result record, and which methods the peer calls the
 * session reads as JSON instead of as records.
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
     * Whether the params of {@code method}, when the peer sends it, stay a {@link jakarta.json.JsonObject}
     * instead of being read into the record the codec knows for that name: for a session that speaks
     * another protocol (a {@code ResourceDialect}) whose method shares a name with MCP's but not its shape,
     * such as gomcp's {@code notifications/resources/updated} with a whole {@code resource}.
     *
     * @param method the method of a request or notification; never null
     * @return true to read its params as JSON; false (the default) for the codec's record
     * @since 0.1
     */
    default boolean readsParamsAsJson(String method) {
        return false;
    }
}
