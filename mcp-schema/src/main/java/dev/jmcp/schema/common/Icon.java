package dev.jmcp.schema.common;

import java.util.List;
import java.util.Objects;

/**
 * An icon that a client may show for an object (2025-11-25 and later).
 *
 * @param src      an http(s) or data URI of the image; never null
 * @param mimeType the image's MIME type; may be null
 * @param sizes    sizes such as {@code "48x48"} or {@code "any"}; may be null
 * @param theme    the theme the icon is designed for; may be null
 * @since 0.1
 */
public record Icon(String src, String mimeType, List<String> sizes, IconTheme theme) {
    public Icon {
        Objects.requireNonNull(src, "src");
        sizes = sizes == null ? null : List.copyOf(sizes);
    }

    /** @return an icon with only its source */
    public static Icon of(String src) {
        return new Icon(src, null, null, null);
    }
}
