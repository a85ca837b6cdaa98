package dev.jmcp.core.resources;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The server said that a resource does not exist. SEP-2093 answers this with {@code -32602} and
 * {@code data.uri}; servers that predate it answer {@code -32002}. The client API turns both into
 * this exception; {@link #code()} stays the code the server sent.
 *
 * @since 0.1
 */
public final class ResourceNotFoundException extends ProtocolException {
    private static final long serialVersionUID = 1L;

    private final String uri;

    /**
     * @param uri   the resource that was asked for; never null
     * @param error the server's error response; never null
     */
    public ResourceNotFoundException(String uri, ProtocolException error) {
        super(error.code(), error.getMessage(), error.data(), error.requestId(), error);
        this.uri = uri;
    }

    /** @return the resource that was asked for; never null */
    public String uri() {
        return uri;
    }

    /**
     * @return true when {@code error} says "resource not found": code {@code -32002}, or
     *         {@code -32602} with a {@code data.uri} and a message that says "not found" (the same
     *         code with {@code data.uri} also answers other faults, such as listing the children of a
     *         resource that is not a collection)
     */
    public static boolean isNotFound(ProtocolException error) {
        if (error.code() == ErrorCodes.RESOURCE_NOT_FOUND_LEGACY) {
            return true;
        }
        if (error.code() != ErrorCodes.INVALID_PARAMS || error.getMessage() == null) {
            return false;
        }
        JsonValue data = error.data();
        boolean hasUri = data instanceof JsonObject object && object.get("uri") instanceof JsonString;
        return hasUri && error.getMessage().toLowerCase(java.util.Locale.ROOT).contains("not found");
    }
}
