package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.Records;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads members that several methods' params share ({@code name}, {@code uri},
 * {@code requestState}, {@code inputResponses}) without knowing the method: params are a schema
 * record or a raw {@link JsonObject}.
 */
final class Params {
    private Params() {
    }

    /** @return the string member {@code name} of {@code params}; null when absent or not a string */
    static String string(Object params, String name) {
        if (params instanceof JsonObject object) {
            JsonValue value = object.get(name);
            return value instanceof JsonString text ? text.getString() : null;
        }
        if (params instanceof Record record) {
            int index = Records.component(record.getClass(), name, String.class);
            return index < 0 ? null : (String) Records.get(record, index);
        }
        return null;
    }

    /** @return what a request is about, for binding state to it: {@code params.name}, else {@code params.uri} */
    static String subject(Object params) {
        String name = string(params, "name");
        return name != null ? name : string(params, "uri");
    }

    /**
     * @return {@code params.inputResponses}; empty when absent; never null
     * @throws ProtocolException {@code -32602} when it is not an object of objects
     */
    @SuppressWarnings("unchecked")
    static Map<String, JsonObject> inputResponses(Object params) {
        if (params instanceof Record record) {
            int index = Records.component(record.getClass(), "inputResponses", Map.class);
            Object value = index < 0 ? null : Records.get(record, index);
            return value == null ? Map.of() : (Map<String, JsonObject>) value;
        }
        if (!(params instanceof JsonObject object) || !object.containsKey("inputResponses")
                || object.get("inputResponses") == JsonValue.NULL) {
            return Map.of();
        }
        if (!(object.get("inputResponses") instanceof JsonObject responses)) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "params.inputResponses must be an object, was "
                    + JsonKind.of(object.get("inputResponses")));
        }
        Map<String, JsonObject> result = new LinkedHashMap<>();
        responses.forEach((key, value) -> {
            if (!(value instanceof JsonObject response)) {
                throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "params.inputResponses." + key
                        + " must be an object (the client's result for that input request), was " + JsonKind.of(value));
            }
            result.put(key, response);
        });
        return Collections.unmodifiableMap(result);
    }

    /**
     * @return {@code params.requestState}; null when absent
     * @throws ProtocolException {@code -32602} when it is present but not a string
     */
    static String requestState(Object params) {
        if (params instanceof JsonObject object && object.containsKey("requestState")
                && object.get("requestState") != JsonValue.NULL && !(object.get("requestState") instanceof JsonString)) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "params.requestState must be a string, was "
                    + JsonKind.of(object.get("requestState")));
        }
        return string(params, "requestState");
    }
}
