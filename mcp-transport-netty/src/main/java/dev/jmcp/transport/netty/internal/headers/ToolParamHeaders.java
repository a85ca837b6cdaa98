package dev.jmcp.transport.netty.internal.headers;

import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.transport.netty.internal.headers.ParamAnnotations.Param;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.lang.System.Logger.Level;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
            ParamAnnotations annotations = ParamAnnotations.of(schema);
            String invalid = annotations.invalid();
            if (invalid != null) {
                LOG.log(Level.WARNING, "leaving tool {0} out of tools/list: its inputSchema''s {1} {2}",
                        name.getString(), ParamAnnotations.ANNOTATION, invalid);
                byTool.remove(name.getString());
                dropped = true;
                continue;
            }
            if (annotations.params().isEmpty()) {
                byTool.remove(name.getString());
            } else {
                byTool.put(name.getString(), annotations.params());
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
            String text = ParamAnnotations.text(param.valueIn(arguments));
            if (text != null) {
                headers.put(param.header(), HeaderValues.encode(text));
            }
        }
        return headers;
    }
}
