package dev.jmcp.schema.resources;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code resources/metadata} (SEP-2093): the metadata of one resource, without its
 * content.
 *
 * @param uri  the resource; never null
 * @param meta the {@code _meta} object; may be null (a 2026-07-28 session adds the request keys)
 * @since 0.1
 */
public record ReadResourceMetadataRequestParams(String uri, JsonObject meta) {

    public ReadResourceMetadataRequestParams {
        Objects.requireNonNull(uri, "uri");
    }

    /** @return params for {@code uri} */
    public static ReadResourceMetadataRequestParams of(String uri) {
        return new ReadResourceMetadataRequestParams(uri, null);
    }
}
