package dev.jmcp.schema.resources;

import java.util.Objects;

/**
 * A content block that points at a resource without carrying its content (2025-06-18 and later).
 * On the wire it is the resource's fields plus {@code type: "resource_link"}, which the codec
 * writes.
 *
 * @param resource the linked resource; never null, and its name is required
 * @since 0.1
 */
public record ResourceLink(Resource resource) {

    public ResourceLink {
        Objects.requireNonNull(resource, "resource");
        Checks.requireName(resource, "resource");
    }

    /** @return a link with only a URI and a name */
    public static ResourceLink of(String uri, String name) {
        return new ResourceLink(Resource.of(uri, name));
    }
}
