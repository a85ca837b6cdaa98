package dev.jmcp.core.providers;

import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One resource of an {@link InMemoryResourceProvider}, with its read elements built once, when it
 * is registered or changed.
 *
 * @param declared the resource as it was registered
 * @param metadata what {@code metadata} and listings return: {@code isCollection} set and, for a
 *                 leaf, the size of its first format unless one was declared
 * @param parent   the URI of the collection that holds it; null at the top
 * @param contents the read elements, one per format; empty for a collection
 * @param version  the content version of a leaf, also in its metadata's {@code _meta} so that
 *                 listings need not copy it; null for a collection and until the provider numbers it
 * @param unversioned the metadata without the version, which listings for a client that does not
 *                 want versions return, also made once
 */
record MemoryEntry(Resource declared, Resource metadata, String parent, List<ResourceContents> contents, String version,
                   Resource unversioned) {

    static MemoryEntry collection(Resource declared, String parent) {
        if (Boolean.FALSE.equals(declared.isCollection())) {
            throw new IllegalArgumentException(declared.uri() + " says isCollection: false; add it with addText or addBlob");
        }
        Resource metadata = declared.toBuilder().isCollection(true).build();
        return new MemoryEntry(declared, metadata, parent, List.of(), null, metadata);
    }

    static MemoryEntry leaf(Resource declared, String parent, ResourceContents body) {
        if (Boolean.TRUE.equals(declared.isCollection())) {
            throw new IllegalArgumentException(declared.uri() + " says isCollection: true; add it with addCollection");
        }
        Resource metadata = declared.toBuilder().isCollection(false)
                .size(declared.size() != null ? declared.size() : body.resource().size()).build();
        return new MemoryEntry(declared, metadata, parent, List.of(body), null, metadata);
    }

    String uri() {
        return metadata.uri();
    }

    boolean isCollection() {
        return metadata.collection();
    }

    /** @return true when {@code uri} lies below this collection: it starts with this URI and a slash */
    boolean holds(String uri) {
        String prefix = uri().endsWith("/") ? uri() : uri() + "/";
        return isCollection() && uri.startsWith(prefix) && uri.length() > prefix.length();
    }

    /** @return this leaf with its body replaced by one, in the declared MIME type */
    MemoryEntry withBody(ResourceContents body) {
        return leaf(declared, parent, body);
    }

    /** @return the metadata a listing returns: with the version when {@code versions} */
    Resource listed(boolean versions) {
        return versions ? metadata : unversioned;
    }

    /** @return this entry, if a leaf, with the content version {@code value} */
    MemoryEntry withVersion(String value) {
        return isCollection() ? this
                : new MemoryEntry(declared, ConditionalReads.withVersion(unversioned, value), parent, contents, value,
                        unversioned);
    }

    /** @return this leaf with one more format */
    MemoryEntry withFormat(ResourceContents format) {
        List<ResourceContents> formats = new ArrayList<>(contents);
        formats.add(format);
        return new MemoryEntry(declared, metadata, parent, List.copyOf(formats), version, unversioned);
    }

    static ResourceContents text(Resource resource, String mimeType, String text) {
        Objects.requireNonNull(text, "text");
        return new TextResourceContents(element(resource, mimeType, utf8Length(text)), text);
    }

    static ResourceContents blob(Resource resource, String mimeType, Blob blob) {
        Objects.requireNonNull(blob, "blob");
        // a file's length costs I/O and may change: leave it unknown
        Long size = blob instanceof Blob.OfFile || blob.length() < 0 ? null : blob.length();
        return new BlobResourceContents(element(resource, mimeType, size), blob);
    }

    private static Resource element(Resource resource, String mimeType, Long size) {
        return resource.toBuilder().isCollection(false).mimeType(mimeType).size(size).build();
    }

    static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
