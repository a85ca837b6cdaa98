package dev.jmcp.schema.resources;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * A content block that carries a resource's content inline. On the wire it is
 * {@code type: "resource"}, which the codec writes. SEP-2093 drops the block's own
 * {@code annotations}: they live on {@code resource.resource().annotations()}, and the codec moves
 * a top-level {@code annotations} member it reads from an older peer there.
 *
 * @param resource the content with its metadata; never null
 * @param meta     the {@code _meta} object of the block; may be null
 * @since 0.1
 */
public record EmbeddedResource(ResourceContents resource, JsonObject meta) {

    public EmbeddedResource {
        Objects.requireNonNull(resource, "resource");
    }

    /** @return a block without {@code _meta} */
    public static EmbeddedResource of(ResourceContents resource) {
        return new EmbeddedResource(resource, null);
    }
}
