package dev.jmcp.core.internal.resourcetools;

import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;

/** The content blocks of a {@code tools/call} result, which jmcp's schema has no records for. */
final class Answers {
    private static final JsonProvider JSON = JsonRuntime.provider();

    private final JsonArrayBuilder blocks = JSON.createArrayBuilder();

    Answers text(String text) {
        blocks.add(JSON.createObjectBuilder().add("type", "text").add("text", text));
        return this;
    }

    /** An embedded resource: {@code {type: "resource", resource: {uri, mimeType?, blob}}}. */
    Answers embeddedBlob(String uri, String mimeType, String base64) {
        JsonObjectBuilder resource = JSON.createObjectBuilder().add("uri", uri);
        if (mimeType != null) {
            resource.add("mimeType", mimeType);
        }
        blocks.add(JSON.createObjectBuilder().add("type", "resource").add("resource", resource.add("blob", base64)));
        return this;
    }

    /** A resource link: the resource's description, which a host that reads resources can follow. */
    Answers link(Resource resource, long size) {
        JsonObjectBuilder link = JSON.createObjectBuilder().add("type", "resource_link").add("uri", resource.uri())
                .add("name", resource.name() != null ? resource.name() : resource.uri());
        if (resource.mimeType() != null) {
            link.add("mimeType", resource.mimeType());
        }
        if (resource.description() != null) {
            link.add("description", resource.description());
        }
        if (size >= 0) {
            link.add("size", size);
        }
        blocks.add(link);
        return this;
    }

    JsonObject result() {
        return JSON.createObjectBuilder().add("content", blocks).build();
    }

    /** A failure of the tool, told to the model, not to the protocol: {@code isError: true}. */
    static JsonObject error(String message) {
        return JSON.createObjectBuilder().add("content", new Answers().text(message).blocks).add("isError", true).build();
    }

    /** @return {@code value} as a JSON string, quotes and escapes included: for the calls an answer spells out */
    static String quoted(String value) {
        String array = JSON.createArrayBuilder().add(value).build().toString();
        return array.substring(1, array.length() - 1);
    }

    static JsonProvider json() {
        return JSON;
    }
}
