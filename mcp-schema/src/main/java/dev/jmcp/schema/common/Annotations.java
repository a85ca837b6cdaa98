package dev.jmcp.schema.common;

import java.util.List;

/**
 * Hints for the client about how to use or display an object.
 *
 * @param audience     who the object is meant for; may be null
 * @param priority     how important the object is, from 0 (optional) to 1 (required); may be null
 * @param lastModified an ISO 8601 timestamp of the last change; may be null
 * @since 0.1
 */
public record Annotations(List<Role> audience, Double priority, String lastModified) {
    public Annotations {
        audience = audience == null ? null : List.copyOf(audience);
        if (priority != null && !(priority >= 0.0 && priority <= 1.0)) {
            throw new IllegalArgumentException("priority must be within 0..1, was " + priority);
        }
    }

    /** @return annotations that carry only a last-modified timestamp */
    public static Annotations lastModified(String isoTimestamp) {
        return new Annotations(null, null, isoTimestamp);
    }
}
