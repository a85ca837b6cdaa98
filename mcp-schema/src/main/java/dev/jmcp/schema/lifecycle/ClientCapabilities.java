package dev.jmcp.schema.lifecycle;

import jakarta.json.JsonObject;
import java.util.Map;

/**
 * What a client supports: sent in {@code initialize} (up to 2025-11-25) or in every request's
 * {@code _meta} (2026-07-28). A capability is supported when its member is present, even as an
 * empty object. jmcp does not interpret {@code sampling}, {@code elicitation} and {@code tasks}, so
 * they stay as received.
 *
 * @param experimental non-standard capabilities by name; may be null
 * @param roots        root listing; may be null
 * @param sampling     sampling support and its options; may be null
 * @param elicitation  elicitation support and its options (2025-06-18 and later); may be null
 * @param tasks        task support (2025-11-25 only; an extension from 2026-07-28); may be null
 * @param extensions   negotiated extensions by identifier (2026-07-28); may be null
 * @since 0.1
 */
public record ClientCapabilities(
        Map<String, JsonObject> experimental,
        ListChangedCapability roots,
        JsonObject sampling,
        JsonObject elicitation,
        JsonObject tasks,
        Map<String, JsonObject> extensions) {

    public ClientCapabilities {
        experimental = Maps.copy(experimental, "experimental");
        extensions = Maps.copy(extensions, "extensions");
    }

    /** @return capabilities that declare nothing: {@code {}} */
    public static ClientCapabilities none() {
        return new ClientCapabilities(null, null, null, null, null, null);
    }

    /** @return a builder with nothing declared */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link ClientCapabilities}. Not thread-safe. */
    public static final class Builder {
        private Map<String, JsonObject> experimental;
        private ListChangedCapability roots;
        private JsonObject sampling;
        private JsonObject elicitation;
        private JsonObject tasks;
        private Map<String, JsonObject> extensions;

        private Builder() {
        }

        /** @param value non-standard capabilities; may be null */
        public Builder experimental(Map<String, JsonObject> value) {
            this.experimental = value;
            return this;
        }

        /** @param value root listing; may be null */
        public Builder roots(ListChangedCapability value) {
            this.roots = value;
            return this;
        }

        /** @param value sampling support; may be null */
        public Builder sampling(JsonObject value) {
            this.sampling = value;
            return this;
        }

        /** @param value elicitation support; may be null */
        public Builder elicitation(JsonObject value) {
            this.elicitation = value;
            return this;
        }

        /** @param value task support; may be null */
        public Builder tasks(JsonObject value) {
            this.tasks = value;
            return this;
        }

        /** @param value extensions by identifier; may be null */
        public Builder extensions(Map<String, JsonObject> value) {
            this.extensions = value;
            return this;
        }

        /** @return the capabilities */
        public ClientCapabilities build() {
            return new ClientCapabilities(experimental, roots, sampling, elicitation, tasks, extensions);
        }
    }
}
