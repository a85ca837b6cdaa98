package dev.jmcp.schema.resources;

import java.util.Objects;

/**
 * A text element of a read result.
 *
 * @param resource the element's metadata; never null
 * @param text     the text; never null
 * @since 0.1
 */
public record TextResourceContents(Resource resource, String text) implements ResourceContents {
    public TextResourceContents {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(text, "text");
    }

    /** @return text contents that carry only a URI and a MIME type, as before SEP-2093 */
    public static TextResourceContents of(String uri, String mimeType, String text) {
        return new TextResourceContents(new Resource(uri, null, null, null, mimeType, null, null, null, null, null), text);
    }
}
