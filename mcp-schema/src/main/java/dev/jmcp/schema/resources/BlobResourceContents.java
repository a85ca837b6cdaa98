package dev.jmcp.schema.resources;

import java.util.Objects;

/**
 * A binary element of a read result. The body is a {@link Blob}: a source of bytes that the codec
 * base64-encodes straight into the output.
 *
 * @param resource the element's metadata; never null
 * @param blob     the bytes; never null
 * @since 0.1
 */
public record BlobResourceContents(Resource resource, Blob blob) implements ResourceContents {
    public BlobResourceContents {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(blob, "blob");
    }

    /** @return blob contents that carry only a URI and a MIME type, as before SEP-2093 */
    public static BlobResourceContents of(String uri, String mimeType, Blob blob) {
        return new BlobResourceContents(new Resource(uri, null, null, null, mimeType, null, null, null, null, null), blob);
    }
}
