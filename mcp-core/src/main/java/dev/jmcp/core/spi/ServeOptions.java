package dev.jmcp.core.spi;

import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.schema.codec.CodecLimits;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a server asks of the transport that {@link TransportProvider#serve(java.net.URI, ServeOptions,
 * java.util.function.Consumer)} starts, on top of the settings the provider was constructed with:
 * each option that is given replaces the provider's own, each one left out keeps it.
 *
 * <p>Two kinds of option: those every transport understands ({@link #limits()},
 * {@link #allowRemoteBind()}), typed; and the settings of one transport, by name, as strings
 * ({@link #settings()}), which the provider parses: it refuses a name it does not know or a value it
 * cannot use, with a message naming the setting (and, for an unknown name, the names it knows:
 * {@link TransportProvider#serveSettings()}). A program that knows its transport can construct the
 * provider with typed settings instead; named settings are for callers that name no transport, such
 * as a command line. Made by {@link #builder()}; immutable.
 *
 * @since 0.1
 */
public final class ServeOptions {
    private static final ServeOptions DEFAULTS = builder().build();

    private final CodecLimits limits;
    private final Boolean allowRemoteBind;
    private final ResourceProtection protection;
    private final Map<String, String> settings;

    private ServeOptions(Builder builder) {
        this.limits = builder.limits;
        this.allowRemoteBind = builder.allowRemoteBind;
        this.protection = builder.protection;
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(builder.settings));
    }

    /** @return no option: the provider's own settings */
    public static ServeOptions defaults() {
        return DEFAULTS;
    }

    /** @return a builder with no option given */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these options */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.limits = limits;
        builder.allowRemoteBind = allowRemoteBind;
        builder.protection = protection;
        builder.settings.putAll(settings);
        return builder;
    }

    /**
     * @return the limits the transport's codec enforces on what clients send, such as the longest
     *         message (for HTTP, the longest request body); null for the provider's own
     */
    public CodecLimits limits() {
        return limits;
    }

    /**
     * @return whether the transport may listen on an address that is not a loopback address, and so
     *         be reached from other machines (the MCP specification advises against it); null for the
     *         provider's own (false for jmcp's). A transport that listens on no network address
     *         (stdio) has nothing to allow
     */
    public Boolean allowRemoteBind() {
        return allowRemoteBind;
    }

    /**
     * @return how the endpoint is protected as an OAuth 2.1 resource server; null for none. A transport
     *         that authenticates requests (HTTP) enforces it; one that takes no OAuth (stdio, whose
     *         credentials come from its environment) ignores it; one that cannot do either must refuse
     *         to serve, never serve unprotected ({@link TransportProvider}'s default does).
     *         {@code McpServer.serve} sets it from the server's own protection when it is not given
     * @since 0.1
     */
    public ResourceProtection protection() {
        return protection;
    }

    /** @return the transport's own settings, name to value, in the order given; never null, unmodifiable */
    public Map<String, String> settings() {
        return settings;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ServeOptions that && Objects.equals(limits, that.limits)
                && Objects.equals(allowRemoteBind, that.allowRemoteBind) && Objects.equals(protection, that.protection)
                && settings.equals(that.settings);
    }

    @Override
    public int hashCode() {
        return Objects.hash(limits, allowRemoteBind, protection, settings);
    }

    @Override
    public String toString() {
        return "ServeOptions[limits=" + limits + ", allowRemoteBind=" + allowRemoteBind + ", protection=" + protection + ", settings=" + settings + "]";
    }

    /**
     * Builds {@link ServeOptions}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private CodecLimits limits;
        private Boolean allowRemoteBind;
        private ResourceProtection protection;
        private final Map<String, String> settings = new LinkedHashMap<>();

        private Builder() {
        }

        /** @param value see {@link ServeOptions#limits()}; null for the provider's own */
        public Builder limits(CodecLimits value) {
            this.limits = value;
            return this;
        }

        /** @param value see {@link ServeOptions#allowRemoteBind()}; null for the provider's own */
        public Builder allowRemoteBind(Boolean value) {
            this.allowRemoteBind = value;
            return this;
        }

        /**
         * @param value see {@link ServeOptions#protection()}; null for none
         * @return this
         * @since 0.1
         */
        public Builder protection(ResourceProtection value) {
            this.protection = value;
            return this;
        }

        /**
         * Sets one of the transport's own settings; setting a name again replaces its value.
         *
         * @param name  such as {@code maxSessions}; not blank; never null
         * @param value such as {@code 16}; the provider parses it; never null
         * @throws IllegalArgumentException when {@code name} is blank
         */
        public Builder set(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a setting's name must not be blank, was '" + name + "'");
            }
            settings.put(name, value);
            return this;
        }

        /** @return the options */
        public ServeOptions build() {
            return new ServeOptions(this);
        }
    }
}
