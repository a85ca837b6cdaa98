package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads gomcp's params, which reach the handlers as JSON; what does not fit is {@code -32602}
 * naming the member and the method.
 */
final class JsonParams {
    private JsonParams() {
    }

    /** @return the params object; an empty one for none */
    static JsonObject object(Object params, String method) {
        if (params == null) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        if (params instanceof JsonObject object) {
            return object;
        }
        throw invalid("params of " + method + " must be an object");
    }

    /** @return the string member {@code name} of the params; null when it is absent or null */
    static String optionalString(JsonObject params, String name, String method) {
        return optionalString(params, name, "params." + name, method);
    }

    /**
     * @param path where {@code object} is, for the message, such as {@code params.filter.uri}
     * @return the string member {@code name} of {@code object}; null when it is absent or null
     */
    static String optionalString(JsonObject object, String name, String path, String method) {
        JsonValue value = object.get(name);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (value instanceof JsonString text) {
            return text.getString();
        }
        throw invalid(method + ": " + path + " must be a string, was " + kind(value));
    }

    static String requiredString(JsonObject params, String name, String method) {
        String value = optionalString(params, name, method);
        if (value == null) {
            throw invalid(method + " needs params." + name + ", a string");
        }
        return value;
    }

    /** @return the members of the array of strings {@code name}, which must be there */
    static List<String> strings(JsonObject params, String name, String method) {
        JsonValue value = params.get(name);
        if (!(value instanceof JsonArray array)) {
            throw invalid(method + " needs params." + name + ", an array of strings"
                    + (value == null ? "" : "; was " + kind(value)));
        }
        List<String> strings = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof JsonString text)) {
                throw invalid(method + ": params." + name + "[" + i + "] must be a string, was " + kind(array.get(i)));
            }
            strings.add(text.getString());
        }
        return strings;
    }

    static String kind(JsonValue value) {
        return value.getValueType().name().toLowerCase(java.util.Locale.ROOT);
    }

    static ProtocolException invalid(String message) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, message);
    }
}
