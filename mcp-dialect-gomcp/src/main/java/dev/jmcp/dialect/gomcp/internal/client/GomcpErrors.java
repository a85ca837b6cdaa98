package dev.jmcp.dialect.gomcp.internal.client;

import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

/** What a gomcp server's error responses mean to jmcp's client API. */
final class GomcpErrors {
    private GomcpErrors() {
    }

    /** @return true for gomcp's {@code -32040}, or {@code -32602} that names the {@code uri} in its data */
    static boolean isNotFound(Throwable failure) {
        if (!(failure instanceof ProtocolException error)) {
            return false;
        }
        return error.code() == GomcpProtocol.NOT_FOUND || error.code() == ErrorCodes.INVALID_PARAMS
                && error.data() instanceof JsonObject data && data.get("uri") instanceof JsonString;
    }

    /** @return true for the dialect's {@code -32050}, or any error whose message starts with "Not Modified" */
    static boolean isNotModified(Throwable failure) {
        return failure instanceof ProtocolException error && (error.code() == GomcpProtocol.NOT_MODIFIED
                || error.getMessage() != null && error.getMessage().startsWith(GomcpProtocol.NOT_MODIFIED_MESSAGE));
    }

    /** @return true when the server does not know the method it was sent */
    static boolean isMethodNotFound(Throwable failure) {
        return failure instanceof ProtocolException error && error.code() == ErrorCodes.METHOD_NOT_FOUND;
    }

    /** @return {@code failure}, as {@link ResourceNotFoundException} when it says {@code uri} does not exist */
    static Throwable translate(Throwable failure, String uri) {
        if (uri != null && isNotFound(failure) && !(failure instanceof ResourceNotFoundException)) {
            return new ResourceNotFoundException(uri, (ProtocolException) failure);
        }
        return failure;
    }
}
