package dev.jmcp.dialect.gomcp.internal.client;

import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * gomcp's shapes as jmcp's records. A gomcp {@code Resource} has no {@code name}: it is the URI's
 * last segment. {@code version}, {@code kind} and {@code metadata} go to {@code _meta} (the version
 * under {@link ConditionalReads#VERSION}, so that jmcp's conditional reads find it); a
 * {@code metadata} that carries {@code mimeType} or {@code isCollection} (as jmcp's own gomcp server
 * sends them) fills those fields, and {@code kind: "collection"} marks a collection.
 */
final class ResourceMapping {
    private static final String COLLECTION_KIND = "collection";

    private ResourceMapping() {
    }

    /** @return a gomcp {@code resources/list} result as jmcp's page */
    static ListResourcesResult page(JsonObject result) {
        List<Resource> resources = new ArrayList<>();
        for (JsonValue value : array(result, "resources")) {
            resources.add(resource(object(value, "resources[]")));
        }
        return ListResourcesResult.of(resources, string(result, "nextCursor"));
    }

    /**
     * @return a gomcp {@code {resource, contents}} as a read result of one element that carries the
     *         resource's metadata (SEP-2093) with the text or the blob, whose base64 is decoded only when read
     */
    static ReadResourceResult read(JsonObject result) {
        Resource resource = resource(object(result.get("resource"), "resource"));
        JsonObject contents = object(result.get("contents"), "contents");
        String contentType = string(contents, "contentType");
        if (contentType != null) {
            resource = resource.toBuilder().mimeType(contentType).build();
        }
        ResourceContents element;
        if (contents.get("blob") instanceof JsonString blob) {
            element = new BlobResourceContents(resource, Blob.ofBase64(blob.getString()));
        } else if (contents.get("content") instanceof JsonString text) {
            element = new TextResourceContents(resource, text.getString());
        } else {
            throw malformed("contents has neither a string \"content\" nor a string \"blob\"");
        }
        return ReadResourceResult.of(element);
    }

    /** @return a gomcp {@code Resource} as jmcp's */
    static Resource resource(JsonObject gomcp) {
        String uri = string(gomcp, "uri");
        if (uri == null) {
            throw malformed("a resource has no string \"uri\"");
        }
        String name = string(gomcp, "name");
        JsonObject metadata = gomcp.get("metadata") instanceof JsonObject object ? object : null;
        String kind = string(gomcp, "kind");
        Boolean collection = COLLECTION_KIND.equals(kind) ? Boolean.TRUE : flag(metadata, "isCollection");
        return Resource.builder(uri, name != null ? name : lastSegment(uri))
                .title(string(gomcp, "title"))
                .description(string(gomcp, "description"))
                .mimeType(metadata == null ? null : string(metadata, "mimeType"))
                .size(gomcp.get("size") instanceof JsonNumber size && size.isIntegral() && size.longValue() >= 0
                        ? size.longValue() : null)
                .isCollection(collection)
                .meta(meta(string(gomcp, "version"), kind, metadata))
                .build();
    }

    /** @return the URI's last path segment, without a trailing slash; the whole URI when it has none */
    static String lastSegment(String uri) {
        String trimmed = uri.endsWith("/") && uri.length() > 1 ? uri.substring(0, uri.length() - 1) : uri;
        String last = trimmed.substring(trimmed.lastIndexOf('/') + 1);
        return last.isEmpty() ? uri : last;
    }

    private static JsonObject meta(String version, String kind, JsonObject metadata) {
        if (version == null && kind == null && metadata == null) {
            return null;
        }
        JsonObjectBuilder meta = JsonRuntime.provider().createObjectBuilder();
        if (version != null) {
            meta.add(ConditionalReads.VERSION, version);
        }
        if (kind != null) {
            meta.add(GomcpProtocol.KIND_META, kind);
        }
        if (metadata != null) {
            meta.add(GomcpProtocol.METADATA_META, metadata);
        }
        return meta.build();
    }

    private static String string(JsonObject object, String member) {
        return object.get(member) instanceof JsonString value ? value.getString() : null;
    }

    private static Boolean flag(JsonObject object, String member) {
        JsonValue value = object == null ? null : object.get(member);
        return value == JsonValue.TRUE ? Boolean.TRUE : value == JsonValue.FALSE ? Boolean.FALSE : null;
    }

    private static JsonArray array(JsonObject object, String member) {
        if (object.get(member) instanceof JsonArray array) {
            return array;
        }
        throw malformed("the result has no array \"" + member + "\"");
    }

    private static JsonObject object(JsonValue value, String member) {
        if (value instanceof JsonObject object) {
            return object;
        }
        throw malformed("\"" + member + "\" is not an object");
    }

    private static ProtocolException malformed(String what) {
        return new ProtocolException(ErrorCodes.INVALID_REQUEST, "the gomcp server's answer does not fit its protocol: "
                + what);
    }
}
