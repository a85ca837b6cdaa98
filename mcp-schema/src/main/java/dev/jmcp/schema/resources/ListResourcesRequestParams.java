package dev.jmcp.schema.resources;

import dev.jmcp.schema.Experimental;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code resources/list}.
 *
 * @param cursor the {@code nextCursor} of the previous page; null for the first page
 * @param uri    jmcp's SEP-2093 extension: list the direct children of this collection instead of
 *               the server's top-level resources. Peers that do not know it ignore it (and answer
 *               with their top level), so a client sends it only to a server that advertises
 *               {@link #CHILDREN_EXTENSION}; may be null
 * @param meta   the {@code _meta} object; required from 2026-07-28, may be null for earlier
 *               revisions (the session adds it when it sends the request)
 * @since 0.1
 */
public record ListResourcesRequestParams(String cursor, String uri, JsonObject meta) {
    /**
     * The key under {@code capabilities.extensions} by which a server says that it lists the
     * children of a collection ({@code params.uri}); its value is {@code {}}. A vendor-prefixed
     * extension identifier, as the 2026-07-28 revision names extensions; earlier revisions'
     * capabilities allow the member too, and their clients ignore it.
     */
    @Experimental
    public static final String CHILDREN_EXTENSION = "dev.jmcp/resource-children";

    /** @return params for the first page of the top-level listing */
    public static ListResourcesRequestParams of() {
        return new ListResourcesRequestParams(null, null, null);
    }

    /** @return params for the page after {@code cursor}, which may be null for the first */
    public static ListResourcesRequestParams page(String cursor) {
        return new ListResourcesRequestParams(cursor, null, null);
    }

    /** @return params for a page of the children of the collection {@code uri} */
    @Experimental
    public static ListResourcesRequestParams children(String uri, String cursor) {
        return new ListResourcesRequestParams(cursor, Objects.requireNonNull(uri, "uri"), null);
    }
}
