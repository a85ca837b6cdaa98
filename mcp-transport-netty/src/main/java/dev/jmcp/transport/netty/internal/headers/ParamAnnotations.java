package dev.jmcp.transport.netty.internal.headers;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code x-mcp-header} annotations of one tool's {@code inputSchema}, read by the rules of
 * Streamable HTTP (2026-07-28): a non-empty HTTP token, unique without case, on a string, integer or
 * boolean property reached from the root through {@code properties} alone. The one reader of the
 * annotation, for the client (which mirrors arguments into {@code Mcp-Param-*}) and the server
 * (which checks them against the body).
 *
 * @param params  the valid annotations in schema order; empty when {@code invalid} is set
 * @param invalid why an annotation breaks the rules (a tool with one is invalid as a whole); null when none does
 */
record ParamAnnotations(List<Param> params, String invalid) {
    static final String ANNOTATION = "x-mcp-header";
    static final String HEADER_PREFIX = "Mcp-Param-";
    private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";
    private static final Set<String> PRIMITIVES = Set.of("string", "integer", "boolean");

    /**
     * An annotated property.
     *
     * @param name the header's name part: the header is {@code Mcp-Param-{name}}
     * @param path the property's chain of {@code properties} keys from the root
     * @param type {@code string}, {@code integer} or {@code boolean}
     */
    record Param(String name, List<String> path, String type) {
        /** @return the header's full name */
        String header() {
            return HEADER_PREFIX + name;
        }

        /** @return where the argument is, for messages: such as {@code arguments.where.zone} */
        String where() {
            return "arguments." + String.join(".", path);
        }

        /** @return the argument's value in {@code arguments}; null when absent on the way */
        JsonValue valueIn(JsonObject arguments) {
            JsonValue value = arguments;
            for (String step : path) {
                value = value instanceof JsonObject object ? object.get(step) : null;
            }
            return value;
        }
    }

    ParamAnnotations {
        params = List.copyOf(params);
    }

    /** @return the annotations of {@code inputSchema} */
    static ParamAnnotations of(JsonObject inputSchema) {
        List<Param> params = new ArrayList<>();
        String invalid = collect(inputSchema, List.of(), params);
        if (invalid == null) {
            invalid = unique(params);
        }
        return invalid == null ? new ParamAnnotations(params, null) : new ParamAnnotations(List.of(), invalid);
    }

    /**
     * @return the header text of an argument as a client converts it (before the Base64 sentinel):
     *         a string as it is, an integer in decimal, {@code true} or {@code false}; null when
     *         absent or null, which omits the header
     */
    static String text(JsonValue value) {
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (value instanceof JsonString string) {
            return string.getString();
        }
        if (value instanceof JsonNumber number && number.isIntegral()) {
            return number.bigIntegerValue().toString();
        }
        return value.toString(); // true, false, or what the schema did not promise
    }

    /**
     * Walks {@code node}; {@code path} is its chain of {@code properties} keys from the root, or
     * null when it is reached any other way.
     *
     * @return why an annotation is invalid; null when all are valid
     */
    private static String collect(JsonObject node, List<String> path, List<Param> params) {
        for (Map.Entry<String, JsonValue> member : node.entrySet()) {
            String key = member.getKey();
            JsonValue value = member.getValue();
            if (key.equals(ANNOTATION)) {
                String invalid = annotation(node, value, path);
                if (invalid != null) {
                    return invalid;
                }
                params.add(new Param(((JsonString) value).getString(), path,
                        ((JsonString) node.get("type")).getString()));
            } else if (key.equals("properties") && value instanceof JsonObject properties && path != null) {
                for (Map.Entry<String, JsonValue> property : properties.entrySet()) {
                    if (property.getValue() instanceof JsonObject schema) {
                        List<String> next = new ArrayList<>(path);
                        next.add(property.getKey());
                        String invalid = collect(schema, List.copyOf(next), params);
                        if (invalid != null) {
                            return invalid;
                        }
                    }
                }
            } else {
                String invalid = nested(value, params);
                if (invalid != null) {
                    return invalid;
                }
            }
        }
        return null;
    }

    /** Looks for annotations where none may be: under items, oneOf, $ref and the like. */
    private static String nested(JsonValue value, List<Param> params) {
        if (value instanceof JsonObject object) {
            return collect(object, null, params);
        }
        if (value instanceof JsonArray array) {
            for (JsonValue element : array) {
                String invalid = nested(element, params);
                if (invalid != null) {
                    return invalid;
                }
            }
        }
        return null;
    }

    private static String annotation(JsonObject property, JsonValue value, List<String> path) {
        if (path == null || path.isEmpty()) {
            return "is on a schema that is not reached through properties alone";
        }
        String where = " (on " + String.join(".", path) + ")";
        if (!(value instanceof JsonString string) || string.getString().isEmpty()) {
            return "must be a non-empty string, was " + value + where;
        }
        String name = string.getString();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || TOKEN_SYMBOLS.indexOf(c) >= 0)) {
                return "'" + name + "' holds a character an HTTP field name may not" + where;
            }
        }
        JsonValue type = property.get("type");
        if (!(type instanceof JsonString typeName) || !PRIMITIVES.contains(typeName.getString())) {
            return "'" + name + "' is on a property of type " + type + "; only string, integer and boolean may be"
                    + " mirrored" + where;
        }
        return null;
    }

    private static String unique(List<Param> params) {
        Set<String> seen = new HashSet<>();
        for (Param param : params) {
            if (!seen.add(param.name().toLowerCase(Locale.ROOT))) {
                return "'" + param.name() + "' is used twice (names are compared without case)";
            }
        }
        return null;
    }
}
