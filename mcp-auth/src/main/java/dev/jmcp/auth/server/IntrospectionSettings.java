package dev.jmcp.auth.server;

import dev.jmcp.schema.Experimental;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * What {@link IntrospectionTokenVerifier} asks of the authorization server (RFC 7662) and how: its
 * issuer and this server's audience (no defaults), the client this server authenticates as
 * ({@code client_secret_basic}), the endpoint (found in the issuer's metadata unless given), and the
 * bounds of a fetch and of the cache. Made by {@link #builder()}; immutable; {@link #toString()}
 * never shows the secret.
 *
 * @since 0.1
 */
@Experimental
public final class IntrospectionSettings {
    /** 60 seconds: a revoked token is refused within a minute, and a busy client costs one call a minute. */
    public static final Duration DEFAULT_MAX_CACHE_TTL = Duration.ofSeconds(60);
    /** {@value} tokens remembered at once. */
    public static final int DEFAULT_MAX_CACHED_TOKENS = 10_000;

    private static final IntrospectionSettings DEFAULTS = builder().build();

    private final URI issuer;
    private final URI audience;
    private final URI introspectionEndpoint;
    private final String clientId;
    private final String clientSecret;
    private final Duration clockSkew;
    private final Duration fetchTimeout;
    private final long maxResponseBytes;
    private final Duration maxCacheTtl;
    private final int maxCachedTokens;

    private IntrospectionSettings(Builder b) {
        this.issuer = b.issuer;
        this.audience = b.audience;
        this.introspectionEndpoint = b.introspectionEndpoint;
        this.clientId = b.clientId;
        this.clientSecret = b.clientSecret;
        this.clockSkew = b.clockSkew;
        this.fetchTimeout = b.fetchTimeout;
        this.maxResponseBytes = b.maxResponseBytes;
        this.maxCacheTtl = b.maxCacheTtl;
        this.maxCachedTokens = b.maxCachedTokens;
    }

    /** @return the defaults, without issuer, audience or client (which {@link IntrospectionTokenVerifier#create} requires) */
    public static IntrospectionSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().issuer(issuer).audience(audience).introspectionEndpoint(introspectionEndpoint)
                .clientId(clientId).clientSecret(clientSecret).clockSkew(clockSkew).fetchTimeout(fetchTimeout)
                .maxResponseBytes(maxResponseBytes).maxCacheTtl(maxCacheTtl).maxCachedTokens(maxCachedTokens);
    }

    /** @return the issuer: an answer's {@code iss}, when it has one, must equal it; null in the defaults */
    public URI issuer() {
        return issuer;
    }

    /** @return the URI an answer's {@code aud} must hold: this server's canonical URI; null in the defaults */
    public URI audience() {
        return audience;
    }

    /** @return the introspection endpoint; null (the default) to find it in the issuer's metadata */
    public URI introspectionEndpoint() {
        return introspectionEndpoint;
    }

    /** @return the client id this server authenticates as; null in the defaults */
    public String clientId() {
        return clientId;
    }

    /** @return the client's secret; null in the defaults */
    public String clientSecret() {
        return clientSecret;
    }

    /** @return how far {@code exp} and {@code nbf} may be off this host's clock */
    public Duration clockSkew() {
        return clockSkew;
    }

    /** @return the longest one introspection (or discovery) may take, body included; past it, 503 */
    public Duration fetchTimeout() {
        return fetchTimeout;
    }

    /** @return the largest answer read; a larger one makes the verifier unavailable (503) */
    public long maxResponseBytes() {
        return maxResponseBytes;
    }

    /** @return the longest an active token's answer is reused; never past the token's own {@code exp} */
    public Duration maxCacheTtl() {
        return maxCacheTtl;
    }

    /** @return the most answers kept at once (by the token's SHA-256, never the token) */
    public int maxCachedTokens() {
        return maxCachedTokens;
    }

    @Override
    public String toString() {
        return "IntrospectionSettings[issuer=" + issuer + ", audience=" + audience + ", introspectionEndpoint="
                + introspectionEndpoint + ", clientId=" + clientId + ", clientSecret="
                + (clientSecret == null ? "none" : "(set)") + ", clockSkew=" + clockSkew + ", fetchTimeout="
                + fetchTimeout + ", maxResponseBytes=" + maxResponseBytes + ", maxCacheTtl=" + maxCacheTtl
                + ", maxCachedTokens=" + maxCachedTokens + "]";
    }

    /**
     * Builds {@link IntrospectionSettings}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private URI issuer;
        private URI audience;
        private URI introspectionEndpoint;
        private String clientId;
        private String clientSecret;
        private Duration clockSkew = JwtVerifierSettings.DEFAULT_CLOCK_SKEW;
        private Duration fetchTimeout = JwtVerifierSettings.DEFAULT_FETCH_TIMEOUT;
        private long maxResponseBytes = JwtVerifierSettings.DEFAULT_MAX_RESPONSE_BYTES;
        private Duration maxCacheTtl = DEFAULT_MAX_CACHE_TTL;
        private int maxCachedTokens = DEFAULT_MAX_CACHED_TOKENS;

        private Builder() {
        }

        /** @param value see {@link IntrospectionSettings#issuer()} */
        public Builder issuer(URI value) {
            this.issuer = value;
            return this;
        }

        /** @param value see {@link IntrospectionSettings#audience()} */
        public Builder audience(URI value) {
            this.audience = value;
            return this;
        }

        /** @param value see {@link IntrospectionSettings#introspectionEndpoint()}; null to discover it */
        public Builder introspectionEndpoint(URI value) {
            this.introspectionEndpoint = value;
            return this;
        }

        /** @param value see {@link IntrospectionSettings#clientId()} */
        public Builder clientId(String value) {
            this.clientId = value;
            return this;
        }

        /** @param value see {@link IntrospectionSettings#clientSecret()} */
        public Builder clientSecret(String value) {
            this.clientSecret = value;
            return this;
        }

        /** @param value see {@link IntrospectionSettings#clockSkew()}; between 0 and 10 minutes */
        public Builder clockSkew(Duration value) {
            this.clockSkew = SettingChecks.clockSkew(value);
            return this;
        }

        /** @param value see {@link IntrospectionSettings#fetchTimeout()}; positive */
        public Builder fetchTimeout(Duration value) {
            this.fetchTimeout = SettingChecks.positive(value, "fetchTimeout");
            return this;
        }

        /** @param value see {@link IntrospectionSettings#maxResponseBytes()}; at least 1024 */
        public Builder maxResponseBytes(long value) {
            this.maxResponseBytes = SettingChecks.maxResponseBytes(value);
            return this;
        }

        /** @param value see {@link IntrospectionSettings#maxCacheTtl()}; zero for no cache */
        public Builder maxCacheTtl(Duration value) {
            if (Objects.requireNonNull(value, "maxCacheTtl").isNegative()) {
                throw new IllegalArgumentException("maxCacheTtl must not be negative, was " + value);
            }
            this.maxCacheTtl = value;
            return this;
        }

        /** @param value see {@link IntrospectionSettings#maxCachedTokens()}; not negative */
        public Builder maxCachedTokens(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("maxCachedTokens must not be negative, was " + value);
            }
            this.maxCachedTokens = value;
            return this;
        }

        /** @return the settings */
        public IntrospectionSettings build() {
            return new IntrospectionSettings(this);
        }
    }
}
