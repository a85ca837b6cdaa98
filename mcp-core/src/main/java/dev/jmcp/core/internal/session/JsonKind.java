package dev.jmcp.core.internal.session;

import jakarta.json.JsonValue;

/** Names the kind of a JSON value in the words error messages use: "a string", "an object", "null". */
public final class JsonKind {
    private JsonKind() {
    }

    /** @return "a string", "a number", "an object", "an array", "a boolean" or "null" */
    public static String of(JsonValue value) {
        return switch (value.getValueType()) {
            case STRING -> "a string";
            case NUMBER -> "a number";
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case TRUE, FALSE -> "a boolean";
            case NULL -> "null";
        };
    }
}
