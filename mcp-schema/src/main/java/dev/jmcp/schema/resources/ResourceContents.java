package dev.jmcp.schema.resources;

/**
 * One element of a {@code resources/read} result: a {@link Resource} (SEP-2093: contents carry
 * the full metadata) plus a body, text or blob. On the wire the resource's fields and the body
 * share one object.
 *
 * @since 0.1
 */
public sealed interface ResourceContents permits TextResourceContents, BlobResourceContents {

    /** @return the metadata of this element; never null */
    Resource resource();

    /** @return the element's URI; never null */
    default String uri() {
        return resource().uri();
    }

    /** @return the element's MIME type; may be null */
    default String mimeType() {
        return resource().mimeType();
    }
}
