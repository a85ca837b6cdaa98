package dev.jmcp.schema.resources;

/**
 * One element of a {@code resources/read} result: a {@link Resource} (SEP-2093: contents carry
 * the full metadata) plus a body, text or blob. On the wire the resource's fields and the body
 * share one object. A text may also be streamed from its source ({@link StreamedTextResourceContents},
 * which only a server makes: a decoded text is always a {@link TextResourceContents}).
 *
 * @since 0.1
 */
public sealed interface ResourceContents permits TextResourceContents, BlobResourceContents,
        StreamedTextResourceContents {

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
