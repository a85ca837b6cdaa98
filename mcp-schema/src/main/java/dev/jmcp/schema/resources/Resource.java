package dev.jmcp.schema.resources;

import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.common.Icon;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * A resource the server can read, with its metadata. Under SEP-2093 the same record also heads
 * every element of a read result ({@link ResourceContents#resource()}), so every field added here
 * reaches read results too.
 *
 * @param uri          the resource's URI; never null
 * @param name         the programmatic name. Every revision requires it in listings, and the
 *                     results that carry listings check it; it may be null only inside read
 *                     contents from peers that predate SEP-2093
 * @param title        a human-readable name; may be null
 * @param description  what the resource is; may be null
 * @param mimeType     the (primary) MIME type; may be null
 * @param size         the size of the raw content in bytes, never negative; may be null
 * @param isCollection true for a collection (such as a directory), false for a leaf, null when
 *                     the server did not say (SEP-2093)
 * @param annotations  hints for the client; may be null
 * @param icons        icons to show for it; may be null
 * @param meta         the {@code _meta} object, kept as received; may be null
 * @since 0.1
 */
public record Resource(
        String uri,
        String name,
        String title,
        String description,
        String mimeType,
        Long size,
        Boolean isCollection,
        Annotations annotations,
        List<Icon> icons,
        JsonObject meta) {

    public Resource {
        Objects.requireNonNull(uri, "uri");
        if (size != null && size < 0) {
            throw new IllegalArgumentException("size must be >= 0, was " + size);
        }
        icons = icons == null ? null : List.copyOf(icons);
    }

    /** @return a resource with only its URI and name */
    public static Resource of(String uri, String name) {
        return builder(uri, name).build();
    }

    /** @return a builder that starts from the required fields */
    public static Builder builder(String uri, String name) {
        return new Builder(uri, Objects.requireNonNull(name, "name"));
    }

    /** @return a builder that starts from this resource's fields */
    public Builder toBuilder() {
        return new Builder(uri, name).title(title).description(description).mimeType(mimeType).size(size)
                .isCollection(isCollection).annotations(annotations).icons(icons).meta(meta);
    }

    /** @return true only when the server said that this is a collection */
    public boolean collection() {
        return Boolean.TRUE.equals(isCollection);
    }

    /** Builds a {@link Resource}. Not thread-safe. */
    public static final class Builder {
        private String uri;
        private String name;
        private String title;
        private String description;
        private String mimeType;
        private Long size;
        private Boolean isCollection;
        private Annotations annotations;
        private List<Icon> icons;
        private JsonObject meta;

        private Builder(String uri, String name) {
            this.uri = uri;
            this.name = name;
        }

        /** @param value the URI; never null */
        public Builder uri(String value) {
            this.uri = value;
            return this;
        }

        /** @param value the programmatic name */
        public Builder name(String value) {
            this.name = value;
            return this;
        }

        /** @param value a human-readable name; may be null */
        public Builder title(String value) {
            this.title = value;
            return this;
        }

        /** @param value a description; may be null */
        public Builder description(String value) {
            this.description = value;
            return this;
        }

        /** @param value the MIME type; may be null */
        public Builder mimeType(String value) {
            this.mimeType = value;
            return this;
        }

        /** @param value the size in bytes; may be null */
        public Builder size(Long value) {
            this.size = value;
            return this;
        }

        /** @param value whether it is a collection; may be null */
        public Builder isCollection(Boolean value) {
            this.isCollection = value;
            return this;
        }

        /** @param value annotations; may be null */
        public Builder annotations(Annotations value) {
            this.annotations = value;
            return this;
        }

        /** @param value icons; may be null */
        public Builder icons(List<Icon> value) {
            this.icons = value;
            return this;
        }

        /** @param value the {@code _meta} object; may be null */
        public Builder meta(JsonObject value) {
            this.meta = value;
            return this;
        }

        /** @return the resource */
        public Resource build() {
            return new Resource(uri, name, title, description, mimeType, size, isCollection, annotations, icons, meta);
        }
    }
}
