package dev.jmcp.core.internal.resourcetools;

import dev.jmcp.core.internal.resources.ResourcesFeature;
import dev.jmcp.core.resourcetools.ResourceToolsSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Objects;

/**
 * Resources as tools: {@code tools/list} and {@code tools/call} for {@code resources_list},
 * {@code resources_read} and {@code resources_search}, answered by the server's own resources feature
 * (so a tool shows exactly what {@code resources/list} and {@code resources/read} would show the same
 * caller: the same routing, templates and authorization decision), in both eras, since the server's
 * handler table serves sessions and stateless requests alike.
 */
public final class ResourceToolsFeature implements ServerFeature {
    private final ListTool list;
    private final ReadTool read;
    private final SearchTool search;

    /**
     * @param resources the server's resources feature, over its providers as wrapped by its authorization; never null
     * @param settings  the bounds of the answers; never null
     */
    public ResourceToolsFeature(ResourcesFeature resources, ResourceToolsSettings settings) {
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(settings, "settings");
        this.list = new ListTool(resources, settings);
        this.read = new ReadTool(resources, settings, list);
        this.search = new SearchTool(resources, settings);
    }

    /** Declares {@code tools}; the list never changes, so no {@code listChanged}. */
    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
        capabilities.tools(ListChangedCapability.of(false));
    }

    @Override
    public void register(FeatureHandlers handlers) {
        handlers.requestHandler("tools/list", (params, context) -> ToolCatalog.listing());
        handlers.requestHandler("tools/call", this::call);
    }

    private JsonObject call(Object params, RequestContext context) {
        if (!(params instanceof JsonObject request) || !(request.get("name") instanceof JsonString name)) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "tools/call needs params with a name (a string)");
        }
        JsonValue given = request.get("arguments");
        if (given != null && given != JsonValue.NULL && !(given instanceof JsonObject)) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "tools/call: arguments must be an object");
        }
        Arguments arguments = new Arguments(name.getString(),
                given instanceof JsonObject object ? object : JsonValue.EMPTY_JSON_OBJECT);
        try {
            return switch (name.getString()) {
                case ToolCatalog.LIST -> list.call(arguments, context);
                case ToolCatalog.READ -> read.call(arguments, context);
                case ToolCatalog.SEARCH -> search.call(arguments, context);
                // the spec's example: an unknown tool is a protocol error, not a tool result
                default -> throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "Unknown tool: " + name.getString()
                        + " (this server's tools: " + ToolCatalog.LIST + ", " + ToolCatalog.READ + ", " + ToolCatalog.SEARCH + ")");
            };
        } catch (ToolFailure failure) {
            return Answers.error(failure.getMessage());
        }
    }
}
