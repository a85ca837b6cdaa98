package dev.jmcp.core.internal.resourcetools;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/** The arguments of one call: a missing or mistyped one is refused with -32602 naming the tool and the argument. */
record Arguments(String tool, JsonObject values) {

    String string(String name, boolean required) {
        JsonValue value = values.get(name);
        if (value == null || value == JsonValue.NULL) {
            if (required) {
                throw invalid("needs the argument '" + name + "' (a string)");
            }
            return null;
        }
        if (!(value instanceof JsonString string)) {
            throw invalid("argument '" + name + "' must be a string, was " + value.getValueType());
        }
        return string.getString();
    }

    long nonNegative(String name) {
        JsonValue value = values.get(name);
        if (value == null || value == JsonValue.NULL) {
            return 0;
        }
        if (!(value instanceof JsonNumber number) || !number.isIntegral() || number.longValue() < 0) {
            throw invalid("argument '" + name + "' must be a whole number >= 0, was " + value);
        }
        return number.longValue();
    }

    ProtocolException invalid(String what) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "tool " + tool + " " + what);
    }
}
