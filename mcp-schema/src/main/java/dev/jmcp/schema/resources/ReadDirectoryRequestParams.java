package dev.jmcp.schema.resources;

import dev.jmcp.schema.Experimental;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code resources/directory/read} (SEP-2640, the skills extension): a page of the
 * direct children of a directory, which jmcp serves as a SEP-2093 collection. The result is a
 * {@link ListResourcesResult}: the same {@code resources} and {@code nextCursor} as
 * {@code resources/list}, whose cursors it shares.
 *
 * @param uri    the directory; never null
 * @param cursor the {@code nextCursor} of the previous page; null for the first page
 * @param meta   the {@code _meta} object; may be null (a 2026-07-28 session adds the request keys)
 * @since 0.2
 */
@Experimental
public record ReadDirectoryRequestParams(String uri, String cursor, JsonObject meta) {
    /**
     * The key under {@code capabilities.extensions} of SEP-2640's skills extension. A server that
     * declares it commits to {@code skills/list} and {@code skills/get} as well, so jmcp's resources
     * feature, which answers only this method, never declares it: a skills feature does.
     */
    public static final String SKILLS_EXTENSION = "io.modelcontextprotocol/skills";
    /** The member of the skills extension's settings by which a server says it answers this method: {@code true}. */
    public static final String DIRECTORY_READ = "directoryRead";
    /** The {@code mimeType} by which SEP-2640 marks a child that is itself a directory. */
    public static final String DIRECTORY_MIME_TYPE = "inode/directory";

    public ReadDirectoryRequestParams {
        Objects.requireNonNull(uri, "uri");
    }

    /** @return params for the page of {@code uri}'s children after {@code cursor}, which may be null for the first */
    public static ReadDirectoryRequestParams of(String uri, String cursor) {
        return new ReadDirectoryRequestParams(uri, cursor, null);
    }
}
