package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpResource;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Locale;

/**
 * jmcp's {@code Resource} as gomcp's. {@code kind}: what the provider put in
 * {@code _meta["dev.jmcp/kind"]}, else {@code collection} for a collection, {@code file} for a leaf
 * of a {@code file:} URI, else the top-level type of its MIME type ({@code text}, {@code image});
 * none when nothing is known. {@code title}: the title, else the name (gomcp has no name, and the
 * name is most providers' only label). {@code metadata}: what gomcp has no member for (name,
 * mimeType, lastModified, isCollection), then what the provider put in
 * {@code _meta["dev.jmcp/metadata"]}, which wins.
 */
final class ResourceViews {
    private ResourceViews() {
    }

    /** @param version the content's version; null for none */
    static GomcpResource of(Resource resource, String version) {
        return new GomcpResource(resource.uri(), kind(resource), resource.title() != null ? resource.title()
                : resource.name(), resource.description(), version, metadata(resource), resource.size());
    }

    /** @return the MIME type a gomcp client sees as {@code contentType} */
    static String contentType(GomcpResource resource) {
        JsonValue mimeType = resource.metadata().get("mimeType");
        return mimeType instanceof JsonString text ? text.getString() : null;
    }

    private static String kind(Resource resource) {
        JsonValue own = resource.meta() == null ? null : resource.meta().get(GomcpProtocol.KIND_META);
        if (own instanceof JsonString text) {
            return text.getString();
        }
        if (resource.collection()) {
            return GomcpProtocol.KIND_COLLECTION;
        }
        if (resource.uri().regionMatches(true, 0, "file:", 0, 5)) {
            return GomcpProtocol.KIND_FILE;
        }
        String mimeType = resource.mimeType();
        int slash = mimeType == null ? -1 : mimeType.indexOf('/');
        return slash > 0 ? mimeType.substring(0, slash).toLowerCase(Locale.ROOT) : null;
    }

    private static JsonObject metadata(Resource resource) {
        JsonObjectBuilder metadata = JsonRuntime.provider().createObjectBuilder();
        if (resource.name() != null) {
            metadata.add("name", resource.name());
        }
        if (resource.mimeType() != null) {
            metadata.add("mimeType", resource.mimeType());
        }
        if (resource.annotations() != null && resource.annotations().lastModified() != null) {
            metadata.add("lastModified", resource.annotations().lastModified());
        }
        if (resource.isCollection() != null) {
            metadata.add("isCollection", resource.isCollection());
        }
        JsonValue own = resource.meta() == null ? null : resource.meta().get(GomcpProtocol.METADATA_META);
        if (own instanceof JsonObject members) {
            members.forEach(metadata::add);
        }
        return metadata.build();
    }
}
