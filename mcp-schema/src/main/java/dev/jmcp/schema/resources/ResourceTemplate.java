package dev.jmcp.schema.resources;

import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.common.Icon;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * A family of resources whose URIs follow an RFC 6570 template, such as {@code file:///{path}}.
 *
 * @param uriTemplate the URI template; never null
 * @param name        the programmatic name; never null
 * @param title       a name for people to read (2025-06-18 and later); may be null
 * @param description what the matching resources are; may be null
 * @param mimeType    the MIME type all matching resources share, if they do; may be null
 * @param annotations hints for the client; may be null
 * @param icons       icons to show for it (2025-11-25 and later); may be null
 * @param meta        the {@code _meta} object; may be null
 * @since 0.1
 */
public record ResourceTemplate(
        String uriTemplate,
        String name,
        String title,
        String description,
        String mimeType,
        Annotations annotations,
        List<Icon> icons,
        JsonObject meta) {

    public ResourceTemplate {
        Objects.requireNonNull(uriTemplate, "uriTemplate");
        Objects.requireNonNull(name, "name");
        icons = icons == null ? null : List.copyOf(icons);
    }

    /** @return a template with only its URI template and name */
    public static ResourceTemplate of(String uriTemplate, String name) {
        return new ResourceTemplate(uriTemplate, name, null, null, null, null, null, null);
    }

    /** @return a builder that starts from the required fields */
    public static Builder builder(String uriTemplate, String name) {
        return new Builder(Objects.requireNonNull(uriTemplate, "uriTemplate"), Objects.requireNonNull(name, "name"));
    }

    /** Builds a {@link ResourceTemplate}. Not thread-safe. */
    public static final class Builder {
        private final String uriTemplate;
        private final String name;
        private String title;
        private String description;
        private String mimeType;
        private Annotations annotations;
        private List<Icon> icons;
        private JsonObject meta;

        private Builder(String uriTemplate, String name) {
            this.uriTemplate = uriTemplate;
            this.name = name;
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

        /** @param value the shared MIME type; may be null */
        public Builder mimeType(String value) {
            this.mimeType = value;
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

        /** @return the template */
        public ResourceTemplate build() {
            return new ResourceTemplate(uriTemplate, name, title, description, mimeType, annotations, icons, meta);
        }
    }
}
