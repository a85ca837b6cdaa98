package dev.jmcp.transport.netty.internal.headers;

import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code x-mcp-header} annotations of the tools a server listed, as the Streamable HTTP
 * transport of 2026-07-28 asks a client to honour them: a {@code tools/call} mirrors each annotated
 * argument into {@code Mcp-Param-{name}} (encoded like {@code Mcp-Name}), and a tool whose
 * annotations break the rules (empty or non-token name, not unique, on a property that is not
 * a string, integer or boolean, or not reachable through {@code properties} alone) is left out of
 * the {@code tools/list} result, with a warning. One per client connection; thread-safe.
 */
public final class ToolParamHeaders {
    private static final System.Logger LOG = System.getLogger(ToolParamHeaders.class.getName());
    private static final JsonProvider JSON = JsonRuntime.provider();
    private static final String ANNOTATION = "x-mcp-header";
    private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";
    private static final Set<String> PRIMITIVES = Set.of("string", "integer", "boolean");

    /** An annotated property: its header's name part and its path through {@code properties}. */
    private record Param(String name, List<String> path) {
    }

    private final Map<String, List<Param>> byTool = new ConcurrentHashMap<>();

    /**
     * Learns the annotations of a {@code tools/list} result, and leaves out the tools whose
     * annotations are invalid.
     *
     * @return {@code payload}, or a copy without the invalid tools
     */
    public JsonRpcPayload learn(JsonRpcPayload payload) {
        if (!(payload instanceof JsonRpcResultResponse response && response.result() instanceof JsonObject result
                && result.get("tools") instanceof jakarta.json.JsonArray tools)) {
            return payload;
        }
        JsonArrayBuilder kept = JSON.createArrayBuilder();
        boolean dropped = false;
        for (JsonValue value : tools) {
            if (!(value instanceof JsonObject tool) || !(tool.get("name") instanceof JsonString name)
                    || !(tool.get("inputSchema") instanceof JsonObject schema)) {
                kept.add(value);
                continue;
            }
            List<Param> params = new ArrayList<>();
            String invalid = collect(schema, List.of(), params);
            if (invalid == null) {
                invalid = unique(params);
            }
            if (invalid != null) {
                LOG.log(Level.WARNING, "leaving tool {0} out of tools/list: its inputSchema''s {1} {2}",
                        name.getString(), ANNOTATION, invalid);
                byTool.remove(name.getString());
                dropped = true;
                continue;
            }
            if (params.isEmpty()) {
                byTool.remove(name.getString());
            } else {
                byTool.put(name.getString(), List.copyOf(params));
            }
            kept.add(tool);
        }
        if (!dropped) {
            return payload;
        }
        return new JsonRpcResultResponse(response.id(), JSON.createObjectBuilder(result).add("tools", kept).build());
    }

    /**
     * @return the {@code Mcp-Param-*} headers of a {@code tools/call} of a tool with annotations,
     *         in their order in the schema; empty for any other message
     */
    public Map<String, String> headers(JsonRpcPayload payload) {
        if (!(payload instanceof JsonRpcRequest request && "tools/call".equals(request.method())
                && request.params() instanceof JsonObject params && params.get("name") instanceof JsonString name)) {
            return Map.of();
        }
        List<Param> annotated = byTool.get(name.getString());
        if (annotated == null || !(params.get("arguments") instanceof JsonObject arguments)) {
            return Map.of();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (Param param : annotated) {
            JsonValue value = arguments;
            for (String step : param.path()) {
                value = value instanceof JsonObject object ? object.get(step) : null;
            }
            String text = text(value);
            if (text != null) {
                headers.put("Mcp-Param-" + param.name(), HeaderValues.encode(text));
            }
        }
        return headers;
    }

    /** @return the header text of an argument; null when absent or null, which omits the header */
    private static String text(JsonValue value) {
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
                params.add(new Param(((JsonString) value).getString(), path));
            } else if (key.equals("properties") && value instanceof JsonObject properties && path != null) {
                for (Map.Entry<String, JsonValue> property : properties.entrySet()) {
                    if (property.getValue() instanceof JsonObject schema) {
                        List<String> next = new ArrayList<>(path);
                        next.add(property.getKey());
                        String invalid = collect(schema, next, params);
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
        if (value instanceof jakarta.json.JsonArray array) {
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
