package dev.jmcp.schema.lifecycle;

import jakarta.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a server supports: sent in the {@code initialize} result (up to 2025-11-25) or the
 * {@code server/discover} result (2026-07-28). A capability is supported when its member is
 * present, even as an empty object. jmcp does not interpret {@code logging}, {@code completions}
 * and {@code tasks}, so they stay as received.
 *
 * @param experimental non-standard capabilities by name; may be null
 * @param logging      log message support; may be null
 * @param completions  argument completion support (2025-03-26 and later); may be null
 * @param prompts      prompt support; may be null
 * @param resources    resource support; may be null
 * @param tools        tool support; may be null
 * @param tasks        task support (2025-11-25 only; an extension from 2026-07-28); may be null
 * @param extensions   negotiated extensions by identifier (2026-07-28); may be null
 * @since 0.1
 */
public record ServerCapabilities(
        Map<String, JsonObject> experimental,
        JsonObject logging,
        JsonObject completions,
        ListChangedCapability prompts,
        ResourcesCapability resources,
        ListChangedCapability tools,
        JsonObject tasks,
        Map<String, JsonObject> extensions) {

    public ServerCapabilities {
        experimental = Maps.copy(experimental, "experimental");
        extensions = Maps.copy(extensions, "extensions");
    }

    /** @return capabilities that declare nothing: {@code {}} */
    public static ServerCapabilities none() {
        return new ServerCapabilities(null, null, null, null, null, null, null, null);
    }

    /** @return capabilities that declare only resources, with these options */
    public static ServerCapabilities ofResources(ResourcesCapability resources) {
        return new ServerCapabilities(null, null, null, null, resources, null, null, null);
    }

    /** @return a builder with nothing declared */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link ServerCapabilities}. Not thread-safe. */
    public static final class Builder {
        private Map<String, JsonObject> experimental;
        private JsonObject logging;
        private JsonObject completions;
        private ListChangedCapability prompts;
        private ResourcesCapability resources;
        private ListChangedCapability tools;
        private JsonObject tasks;
        private Map<String, JsonObject> extensions;

        private Builder() {
        }

        /** @param value non-standard capabilities; may be null */
        public Builder experimental(Map<String, JsonObject> value) {
            this.experimental = value;
            return this;
        }

        /** @param value log message support; may be null */
        public Builder logging(JsonObject value) {
            this.logging = value;
            return this;
        }

        /** @param value completion support; may be null */
        public Builder completions(JsonObject value) {
            this.completions = value;
            return this;
        }

        /** @param value prompt support; may be null */
        public Builder prompts(ListChangedCapability value) {
            this.prompts = value;
            return this;
        }

        /** @param value resource support; may be null */
        public Builder resources(ResourcesCapability value) {
            this.resources = value;
            return this;
        }

        /** @param value tool support; may be null */
        public Builder tools(ListChangedCapability value) {
            this.tools = value;
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

        /**
         * Adds one extension to those already declared, so that features declaring different
         * extensions do not replace each other's.
         *
         * @param id       the extension identifier; never null
         * @param settings its settings, {@code {}} for none; never null
         * @return this
         * @since 0.2
         */
        public Builder extension(String id, JsonObject settings) {
            Map<String, JsonObject> merged = extensions == null ? new LinkedHashMap<>() : new LinkedHashMap<>(extensions);
            merged.put(Objects.requireNonNull(id, "id"), Objects.requireNonNull(settings, "settings"));
            this.extensions = merged;
            return this;
        }

        /** @return the capabilities */
        public ServerCapabilities build() {
            return new ServerCapabilities(experimental, logging, completions, prompts, resources, tools, tasks,
                    extensions);
        }
    }
}
