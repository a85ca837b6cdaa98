package dev.jmcp.core.internal.resources;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;

/** The errors the resources feature answers with; every one names the member or rule at fault. */
final class ResourceErrors {
    private static final JsonProvider JSON = JsonRuntime.provider();

    private ResourceErrors() {
    }

    /** SEP-2093: a missing resource is {@code -32602} with {@code data.uri}, never empty contents. */
    static ProtocolException notFound(String uri) {
        return dev.jmcp.core.providers.ResourceErrors.notFound(uri);
    }

    /** @param method resources/list (with params.uri) or resources/directory/read, which only a collection answers */
    static ProtocolException notACollection(String method, String uri) {
        String call = McpMethodNames.RESOURCES_LIST.equals(method) ? method + " with params.uri" : method;
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "params.uri is not a collection: " + call
                + " lists the children of a resource with isCollection: true", uriData(uri));
    }

    static ProtocolException invalidCursor() {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS,
                "invalid params.cursor: it is not a cursor this server issued for this listing");
    }

    static ProtocolException staleCursor() {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "stale params.cursor: the resources have changed "
                + "since it was issued (notifications/resources/list_changed); list again from the start");
    }

    static ProtocolException missingUri(String method) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, method + " requires params.uri");
    }

    static JsonObject uriData(String uri) {
        return JSON.createObjectBuilder().add("uri", uri).build();
    }
}
