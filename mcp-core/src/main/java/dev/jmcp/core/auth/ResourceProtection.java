package dev.jmcp.core.auth;

import dev.jmcp.schema.Experimental;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * How a server protects its HTTP endpoints as an OAuth 2.1 resource server: every request needs a
 * bearer token that {@link #verifier()} accepts and that grants {@link #scopesRequired()}; the
 * endpoint publishes its RFC 9728 metadata (this server's {@link #resource()}, its
 * {@link #authorizationServers()}, {@link #scopesSupported()}); and {@link #decision()} says which
 * resources each caller may see. Without a verifier ({@link #defaults()}) nothing is protected.
 * Stdio takes no OAuth: its credentials come from its environment. Made by {@link #builder()};
 * immutable.
 *
 * <p>A protected server in a few lines (the JWT verifier is in the {@code dev.jmcp.auth} module):
 * <pre>{@code
 * URI issuer = URI.create("https://auth.example.com/realms/mcp");
 * McpServer server = McpServer.builder()
 *         .serverInfo("notes", "1.0")
 *         .resourceProvider(notes)
 *         .protection(ResourceProtection.builder()
 *                 .resource(URI.create("https://mcp.example.com/mcp"))
 *                 .authorizationServers(List.of(issuer))
 *                 .verifier(JwtTokenVerifier.of(issuer, URI.create("https://mcp.example.com/mcp")))
 *                 .build())
 *         .build();
 * server.serve(URI.create("http://127.0.0.1:8765/mcp"));
 * }</pre>
 *
 * @since 0.1
 */
@Experimental
public final class ResourceProtection {
    /** The scope the defaults require and advertise: reading resources. */
    public static final String DEFAULT_SCOPE = "resources:read";
    /** {@value} bytes: far above any real access token, far below what a header may hold. */
    public static final int DEFAULT_MAX_TOKEN_BYTES = 16_384;
    /** {@value}: verifications that wait on a key set or an introspection endpoint, at once. */
    public static final int DEFAULT_VERIFIER_THREADS = 4;

    private static final ResourceProtection DEFAULTS = builder().build();

    private final URI resource;
    private final List<URI> authorizationServers;
    private final List<String> scopesSupported;
    private final List<String> scopesRequired;
    private final TokenVerifier verifier;
    private final AuthorizationDecision decision;
    private final String resourceName;
    private final URI resourceDocumentation;
    private final int maxTokenBytes;
    private final int verifierThreads;

    private ResourceProtection(Builder b) {
        this.resource = b.resource;
        this.authorizationServers = List.copyOf(b.authorizationServers);
        this.scopesSupported = List.copyOf(b.scopesSupported);
        this.scopesRequired = List.copyOf(b.scopesRequired);
        this.verifier = b.verifier;
        this.decision = b.decision;
        this.resourceName = b.resourceName;
        this.resourceDocumentation = b.resourceDocumentation;
        this.maxTokenBytes = b.maxTokenBytes;
        this.verifierThreads = b.verifierThreads;
    }

    /** @return no protection: no verifier, so every request is served without a token */
    public static ResourceProtection defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        Builder b = new Builder().resource(resource).authorizationServers(authorizationServers)
                .scopesSupported(scopesSupported).scopesRequired(scopesRequired).verifier(verifier)
                .resourceName(resourceName).resourceDocumentation(resourceDocumentation).maxTokenBytes(maxTokenBytes)
                .verifierThreads(verifierThreads);
        b.decision = decision;
        return b;
    }

    /** @return true when a verifier is set: requests to the HTTP endpoints need a token */
    public boolean enabled() {
        return verifier != null;
    }

    /**
     * @return this server's canonical URI (RFC 8707, RFC 9728 {@code resource}), the audience its
     *         tokens must name, such as {@code https://mcp.example.com/mcp}; null (the default) for the
     *         URL the endpoint is served at
     */
    public URI resource() {
        return resource;
    }

    /** @return the issuers whose tokens this server takes (RFC 9728 {@code authorization_servers}); never null */
    public List<URI> authorizationServers() {
        return authorizationServers;
    }

    /** @return the scopes advertised in the metadata ({@code scopes_supported}); by default {@value #DEFAULT_SCOPE} */
    public List<String> scopesSupported() {
        return scopesSupported;
    }

    /**
     * @return the scopes every request's token must grant; a token without one of them gets 403
     *         {@code insufficient_scope} naming them, so that the client can step up; they are also the
     *         {@code scope} of the 401 challenge. By default {@value #DEFAULT_SCOPE}
     */
    public List<String> scopesRequired() {
        return scopesRequired;
    }

    /** @return what verifies tokens; null when the server is not protected */
    public TokenVerifier verifier() {
        return verifier;
    }

    /**
     * @return which resources a caller may see; by default
     *         {@link AuthorizationDecision#requireScopes(List) requireScopes(scopesRequired)}; never null
     */
    public AuthorizationDecision decision() {
        return decision != null ? decision : AuthorizationDecision.requireScopes(scopesRequired);
    }

    /** @return the resource's name for people (RFC 9728 {@code resource_name}); may be null */
    public String resourceName() {
        return resourceName;
    }

    /** @return a page about the resource for people (RFC 9728 {@code resource_documentation}); may be null */
    public URI resourceDocumentation() {
        return resourceDocumentation;
    }

    /**
     * @return the longest token taken; a longer one gets 401 {@code invalid_token} naming this setting
     *         without being verified (a header longer than the transport's {@code maxHeaderBytes}
     *         gets 431 before)
     */
    public int maxTokenBytes() {
        return maxTokenBytes;
    }

    /** @return the threads that run the verifier, off the transport's event loops */
    public int verifierThreads() {
        return verifierThreads;
    }

    @Override
    public String toString() {
        return "ResourceProtection[" + (verifier == null ? "off" : "verifier=" + verifier.name()) + ", resource="
                + resource + ", authorizationServers=" + authorizationServers + ", scopesSupported=" + scopesSupported
                + ", scopesRequired=" + scopesRequired + ", maxTokenBytes=" + maxTokenBytes
                + ", verifierThreads=" + verifierThreads + "]";
    }

    /**
     * Builds {@link ResourceProtection}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private URI resource;
        private List<URI> authorizationServers = List.of();
        private List<String> scopesSupported = List.of(DEFAULT_SCOPE);
        private List<String> scopesRequired = List.of(DEFAULT_SCOPE);
        private TokenVerifier verifier;
        private AuthorizationDecision decision;
        private String resourceName;
        private URI resourceDocumentation;
        private int maxTokenBytes = DEFAULT_MAX_TOKEN_BYTES;
        private int verifierThreads = DEFAULT_VERIFIER_THREADS;

        private Builder() {
        }

        /** @param value see {@link ResourceProtection#resource()}; absolute, without a fragment; null for the served URL */
        public Builder resource(URI value) {
            if (value != null && (!value.isAbsolute() || value.getRawFragment() != null)) {
                throw new IllegalArgumentException("resource must be an absolute URI without a fragment (RFC 8707), was "
                        + value);
            }
            this.resource = value;
            return this;
        }

        /** @param value the issuers, replacing those given before; never null */
        public Builder authorizationServers(List<URI> value) {
            this.authorizationServers = List.copyOf(value);
            return this;
        }

        /** @param value see {@link ResourceProtection#scopesSupported()}; never null */
        public Builder scopesSupported(List<String> value) {
            this.scopesSupported = List.copyOf(value);
            return this;
        }

        /** @param value see {@link ResourceProtection#scopesRequired()}; empty for none; never null */
        public Builder scopesRequired(List<String> value) {
            this.scopesRequired = List.copyOf(value);
            return this;
        }

        /** @param value see {@link ResourceProtection#verifier()}; null for no protection */
        public Builder verifier(TokenVerifier value) {
            this.verifier = value;
            return this;
        }

        /** @param value see {@link ResourceProtection#decision()}; never null */
        public Builder decision(AuthorizationDecision value) {
            this.decision = Objects.requireNonNull(value, "decision");
            return this;
        }

        /** @param value see {@link ResourceProtection#resourceName()}; may be null */
        public Builder resourceName(String value) {
            this.resourceName = value;
            return this;
        }

        /** @param value see {@link ResourceProtection#resourceDocumentation()}; may be null */
        public Builder resourceDocumentation(URI value) {
            this.resourceDocumentation = value;
            return this;
        }

        /** @param value see {@link ResourceProtection#maxTokenBytes()}; at least 64 */
        public Builder maxTokenBytes(int value) {
            if (value < 64) {
                throw new IllegalArgumentException("maxTokenBytes must be at least 64, was " + value);
            }
            this.maxTokenBytes = value;
            return this;
        }

        /** @param value see {@link ResourceProtection#verifierThreads()}; at least 1 */
        public Builder verifierThreads(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("verifierThreads must be at least 1, was " + value);
            }
            this.verifierThreads = value;
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalStateException when a verifier is set but no authorization server: the spec
         *         requires the metadata to name at least one
         */
        public ResourceProtection build() {
            if (verifier != null && authorizationServers.isEmpty()) {
                throw new IllegalStateException("a protected resource names at least one authorization server "
                        + "(RFC 9728 authorization_servers, which MCP requires): set authorizationServers(List.of(issuer))");
            }
            return new ResourceProtection(this);
        }
    }
}
