package dev.jmcp.schema.jsonrpc;

import dev.jmcp.schema.McpException;
import jakarta.json.JsonValue;

/**
 * A failure that has a JSON-RPC error code: the codec throws it for input it cannot accept, a
 * handler throws it to answer with a specific error, and a client receives it for an error response.
 *
 * @since 0.1
 */
public class ProtocolException extends McpException {
    private static final long serialVersionUID = 1L;

    private final int code;
    private final transient JsonValue data;
    private final transient RequestId requestId;
    private transient String method;

    /**
     * @param code    the JSON-RPC error code, see {@link ErrorCodes}
     * @param message a message naming what was wrong and any limit that was hit; never null
     */
    public ProtocolException(int code, String message) {
        this(code, message, null, null, null);
    }

    /**
     * @param code    the JSON-RPC error code
     * @param message the message; never null
     * @param data    the error's {@code data} member; may be null
     */
    public ProtocolException(int code, String message, JsonValue data) {
        this(code, message, data, null, null);
    }

    /**
     * @param code      the JSON-RPC error code
     * @param message   the message; never null
     * @param data      the error's {@code data} member; may be null
     * @param requestId the id of the request this error answers, when it is known; may be null
     * @param cause     the underlying failure; may be null
     */
    public ProtocolException(int code, String message, JsonValue data, RequestId requestId, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.data = data;
        this.requestId = requestId;
    }

    /** Builds the exception that an error response carries. */
    public static ProtocolException of(JsonRpcErrorResponse response) {
        JsonRpcError error = response.error();
        return new ProtocolException(error.code(), error.message(), error.data(), response.id(), null);
    }

    /** @return the JSON-RPC error code */
    public int code() {
        return code;
    }

    /** @return the error's {@code data} member; may be null */
    public JsonValue data() {
        return data;
    }

    /** @return the id of the request this error answers; may be null when it could not be read */
    public RequestId requestId() {
        return requestId;
    }

    /** @return the same error, now tied to the request it answers */
    public ProtocolException withRequestId(RequestId id) {
        ProtocolException copy = new ProtocolException(code, getMessage(), data, id, getCause());
        copy.setStackTrace(getStackTrace());
        return copy;
    }

    /**
     * @return the method of the peer's request this error refuses (its params, or a limit or the
     *         syntax broken after its id and method), when the codec could read it; null otherwise,
     *         as for an error about a response, whose id names a request of our own
     */
    public String method() {
        return method;
    }

    /** @return the same error, tied to the peer's request of {@code method} that it refuses */
    public ProtocolException withRequest(RequestId id, String method) {
        ProtocolException copy = withRequestId(id);
        copy.method = method;
        return copy;
    }

    /** @return the error object to send on the wire */
    public JsonRpcError toError() {
        return new JsonRpcError(code, getMessage(), data);
    }
}
