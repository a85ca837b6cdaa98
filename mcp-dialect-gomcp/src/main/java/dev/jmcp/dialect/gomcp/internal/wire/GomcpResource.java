package dev.jmcp.dialect.gomcp.internal.wire;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * gomcp's {@code Resource}, as it goes on the wire (members that are null are left out).
 *
 * @param uri         never null
 * @param kind        a category, such as {@code "collection"} or {@code "file"}; may be null
 * @param title       a short label; may be null
 * @param description may be null
 * @param version     the content's opaque version; null for a collection or when the provider has none
 * @param metadata    what jmcp knows beyond gomcp's members (name, mimeType, lastModified, isCollection); may be null
 * @param size        the raw content's bytes; may be null
 */
public record GomcpResource(String uri, String kind, String title, String description, String version,
        JsonObject metadata, Long size) {

    public GomcpResource {
        Objects.requireNonNull(uri, "uri");
    }
}
