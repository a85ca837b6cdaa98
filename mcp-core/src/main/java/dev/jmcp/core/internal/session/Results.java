package dev.jmcp.core.internal.session;

import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/** Fits a response's result to the type the caller asked for. */
final class Results {
    private Results() {
    }

    /**
     * @return {@code result} as a {@code type}
     * @throws ProtocolException ({@code -32600}) when it is something else
     */
    static <R> R convert(RequestId id, String method, Object result, Class<R> type) {
        if (type.isInstance(result)) {
            return type.cast(result);
        }
        // a transport without the session's PendingRequests reads every result as a JsonObject
        if (type == EmptyResult.class && result instanceof JsonObject object) {
            JsonValue resultType = object.get("resultType");
            JsonValue meta = object.get("_meta");
            return type.cast(new EmptyResult(resultType instanceof JsonString text ? text.getString() : null,
                    meta instanceof JsonObject metaObject ? metaObject : null));
        }
        throw new ProtocolException(ErrorCodes.INVALID_REQUEST, "the result of " + method + " is a "
                + result.getClass().getName() + ", expected " + type.getName(), null, id, null);
    }
}
