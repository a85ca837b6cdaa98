package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks what a provider read and completes its metadata. SEP-2093: every element of a read
 * carries the full {@link Resource} metadata, and a resource that is not a collection answers
 * with elements of its own URI only.
 */
final class Contents {

    private Contents() {
    }

    /**
     * @param elements what {@code provider} returned for {@code metadata.uri()}; not empty
     * @return the elements, each with the fields the provider left null taken from {@code metadata}
     * @throws IllegalStateException when an element has another URI: a provider bug, which the
     *                               session logs and answers with {@code -32603}
     */
    static List<ResourceContents> complete(ResourceProvider provider, Resource metadata, List<ResourceContents> elements) {
        List<ResourceContents> completed = new ArrayList<>(elements.size());
        for (ResourceContents element : elements) {
            if (element == null || !metadata.uri().equals(element.uri())) {
                throw new IllegalStateException("resource provider '" + provider.id() + "' answered a read of "
                        + metadata.uri() + " with an element for " + (element == null ? "null" : element.uri())
                        + "; a resource that is not a collection must answer with its own URI only (SEP-2093)");
            }
            completed.add(withResource(element, merge(element, metadata, elements.size() == 1)));
        }
        return completed;
    }

    private static Resource merge(ResourceContents element, Resource metadata, boolean only) {
        Resource own = element.resource();
        Long size = own.size();
        if (size == null) {
            long body = bodyBytes(element);
            // the metadata's size describes the primary format; it fits an element only when it is the only one
            size = body >= 0 ? Long.valueOf(body) : only ? metadata.size() : null;
        }
        return new Resource(own.uri(),
                or(own.name(), metadata.name()),
                or(own.title(), metadata.title()),
                or(own.description(), metadata.description()),
                or(own.mimeType(), metadata.mimeType()),
                size,
                or(own.isCollection(), metadata.isCollection()),
                or(own.annotations(), metadata.annotations()),
                or(own.icons(), metadata.icons()),
                or(own.meta(), metadata.meta()));
    }

    private static <T> T or(T own, T fallback) {
        return own != null ? own : fallback;
    }

    static ResourceContents withResource(ResourceContents element, Resource resource) {
        if (element instanceof TextResourceContents text) {
            return new TextResourceContents(resource, text.text());
        }
        if (element instanceof StreamedTextResourceContents text) {
            return new StreamedTextResourceContents(resource, text.utf8());
        }
        return new BlobResourceContents(resource, ((BlobResourceContents) element).blob());
    }

    /** @return the element with its body's bytes now from {@code blob}: a blob, or a streamed text's UTF-8 */
    static ResourceContents withBlob(ResourceContents element, Blob blob) {
        return element instanceof StreamedTextResourceContents ? new StreamedTextResourceContents(element.resource(), blob)
                : new BlobResourceContents(element.resource(), blob);
    }

    /** @return the raw byte count of the element's body, or -1 when it is not known without reading it */
    static long bodyBytes(ResourceContents element) {
        if (element instanceof TextResourceContents text) {
            return utf8Length(text.text());
        }
        return bytes(element).length();
    }

    /** @return the bytes of a body that is not held as a String: a blob's, or a streamed text's UTF-8 */
    static Blob bytes(ResourceContents element) {
        return element instanceof StreamedTextResourceContents text ? text.utf8() : ((BlobResourceContents) element).blob();
    }

    static long utf8Length(String text) {
        long bytes = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
