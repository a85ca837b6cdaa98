package dev.jmcp.auth.server;

import dev.jmcp.schema.Experimental;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * What {@link JwtTokenVerifier} checks and how it fetches the authorization server's keys. The
 * issuer and audience have no default: a token is taken only from the one issuer and only for this
 * server ({@link #audience()}: RFC 8707, the canonical URI of the MCP server). Made by
 * {@link #builder()}; immutable.
 *
 * @since 0.1
 */
@Experimental
public final class JwtVerifierSettings {
    /** The asymmetric JWS algorithms taken by default; never {@code none}, never an HMAC. */
    public static final Set<String> DEFAULT_ALGORITHMS = Set.of("RS256", "RS384", "RS512", "PS256", "PS384", "PS512",
            "ES256", "ES384", "ES512");
    /** The {@code typ} headers taken by default: RFC 9068's, which tell an access token from an ID token. */
    public static final List<String> DEFAULT_TOKEN_TYPES = List.of("at+jwt", "application/at+jwt");
    /** 60 seconds: clocks of hosts kept by NTP differ by far less. */
    public static final Duration DEFAULT_CLOCK_SKEW = Duration.ofSeconds(60);
    /** 5 seconds for a whole fetch of metadata or keys, body included. */
    public static final Duration DEFAULT_FETCH_TIMEOUT = Duration.ofSeconds(5);
    /** {@value} bytes: a key set of hundreds of keys, far below what would hurt. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 1 << 20;
    /** 10 minutes: rotated keys are found by their unknown key id before that anyway. */
    public static final Duration DEFAULT_KEY_SET_TTL = Duration.ofMinutes(10);
    /** 30 seconds between fetches of the key set for an unknown key id (or after a failure). */
    public static final Duration DEFAULT_MIN_REFETCH_INTERVAL = Duration.ofSeconds(30);

    private static final JwtVerifierSettings DEFAULTS = builder().build();

    private final URI issuer;
    private final URI audience;
    private final URI jwksUri;
    private final Set<String> algorithms;
    private final List<String> tokenTypes;
    private final Duration clockSkew;
    private final Duration fetchTimeout;
    private final long maxResponseBytes;
    private final Duration keySetTtl;
    private final Duration minRefetchInterval;

    private JwtVerifierSettings(Builder b) {
        this.issuer = b.issuer;
        this.audience = b.audience;
        this.jwksUri = b.jwksUri;
        this.algorithms = Set.copyOf(b.algorithms);
        this.tokenTypes = List.copyOf(b.tokenTypes);
        this.clockSkew = b.clockSkew;
        this.fetchTimeout = b.fetchTimeout;
        this.maxResponseBytes = b.maxResponseBytes;
        this.keySetTtl = b.keySetTtl;
        this.minRefetchInterval = b.minRefetchInterval;
    }

    /** @return the defaults, without issuer or audience (which {@link JwtTokenVerifier#create} requires) */
    public static JwtVerifierSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().issuer(issuer).audience(audience).jwksUri(jwksUri).algorithms(algorithms)
                .tokenTypes(tokenTypes).clockSkew(clockSkew).fetchTimeout(fetchTimeout).maxResponseBytes(maxResponseBytes)
                .keySetTtl(keySetTtl).minRefetchInterval(minRefetchInterval);
    }

    /** @return the issuer a token's {@code iss} must equal, whose metadata names its keys; null in the defaults */
    public URI issuer() {
        return issuer;
    }

    /** @return the URI a token's {@code aud} must hold: this server's canonical URI; null in the defaults */
    public URI audience() {
        return audience;
    }

    /** @return the key set's URL; null (the default) to find it in the issuer's metadata ({@code jwks_uri}) */
    public URI jwksUri() {
        return jwksUri;
    }

    /** @return the JWS algorithms taken; asymmetric only */
    public Set<String> algorithms() {
        return algorithms;
    }

    /**
     * @return the {@code typ} headers taken, compared without case; empty to take any (for an
     *         authorization server that does not follow RFC 9068, such as Keycloak, whose access
     *         tokens say {@code JWT})
     */
    public List<String> tokenTypes() {
        return tokenTypes;
    }

    /** @return how far {@code exp} and {@code nbf} may be off this host's clock */
    public Duration clockSkew() {
        return clockSkew;
    }

    /** @return the longest a fetch of metadata or of the key set may take, body included; past it the verifier is unavailable (503) */
    public Duration fetchTimeout() {
        return fetchTimeout;
    }

    /** @return the largest metadata document or key set read; a larger one makes the verifier unavailable (503) */
    public long maxResponseBytes() {
        return maxResponseBytes;
    }

    /** @return how long a fetched key set is used before it is fetched again */
    public Duration keySetTtl() {
        return keySetTtl;
    }

    /** @return the least time between two fetches of the key set prompted by an unknown key id or a failure */
    public Duration minRefetchInterval() {
        return minRefetchInterval;
    }

    @Override
    public String toString() {
        return "JwtVerifierSettings[issuer=" + issuer + ", audience=" + audience + ", jwksUri=" + jwksUri
                + ", algorithms=" + algorithms + ", tokenTypes=" + tokenTypes + ", clockSkew=" + clockSkew
                + ", fetchTimeout=" + fetchTimeout + ", maxResponseBytes=" + maxResponseBytes + ", keySetTtl="
                + keySetTtl + ", minRefetchInterval=" + minRefetchInterval + "]";
    }

    /**
     * Builds {@link JwtVerifierSettings}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private URI issuer;
        private URI audience;
        private URI jwksUri;
        private Set<String> algorithms = DEFAULT_ALGORITHMS;
        private List<String> tokenTypes = DEFAULT_TOKEN_TYPES;
        private Duration clockSkew = DEFAULT_CLOCK_SKEW;
        private Duration fetchTimeout = DEFAULT_FETCH_TIMEOUT;
        private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
        private Duration keySetTtl = DEFAULT_KEY_SET_TTL;
        private Duration minRefetchInterval = DEFAULT_MIN_REFETCH_INTERVAL;

        private Builder() {
        }

        /** @param value see {@link JwtVerifierSettings#issuer()} */
        public Builder issuer(URI value) {
            this.issuer = value;
            return this;
        }

        /** @param value see {@link JwtVerifierSettings#audience()} */
        public Builder audience(URI value) {
            this.audience = value;
            return this;
        }

        /** @param value see {@link JwtVerifierSettings#jwksUri()}; null to discover it */
        public Builder jwksUri(URI value) {
            this.jwksUri = value;
            return this;
        }

        /**
         * @param value see {@link JwtVerifierSettings#algorithms()}; not empty
         * @throws IllegalArgumentException for {@code none} or an HMAC ({@code HS*}): a public key
         *         must never serve as a shared secret
         */
        public Builder algorithms(Set<String> value) {
            if (value.isEmpty()) {
                throw new IllegalArgumentException("algorithms must not be empty");
            }
            for (String algorithm : value) {
                String upper = algorithm.toUpperCase(Locale.ROOT);
                if (upper.equals("NONE") || upper.startsWith("HS")) {
                    throw new IllegalArgumentException("algorithms take asymmetric JWS algorithms only, not "
                            + algorithm + ": an access token is verified with the authorization server's public key");
                }
            }
            this.algorithms = Set.copyOf(value);
            return this;
        }

        /** @param value see {@link JwtVerifierSettings#tokenTypes()}; empty to take any */
        public Builder tokenTypes(List<String> value) {
            this.tokenTypes = List.copyOf(value);
            return this;
        }

        /** @param value see {@link JwtVerifierSettings#clockSkew()}; not negative, at most 10 minutes */
        public Builder clockSkew(Duration value) {
            this.clockSkew = SettingChecks.clockSkew(value);
            return this;
        }

        /** @param value see {@link JwtVerifierSettings#fetchTimeout()}; positive */
        public Builder fetchTimeout(Duration value) {
            this.fetchTimeout = SettingChecks.positive(value, "fetchTimeout");
            return this;
        }

        /** @param value see {@link JwtVerifierSettings#maxResponseBytes()}; at least 1024 */
        public Builder maxResponseBytes(long value) {
            this.maxResponseBytes = SettingChecks.maxResponseBytes(value);
            return this;
        }

        /** @param value see {@link JwtVerifierSettings#keySetTtl()}; positive */
        public Builder keySetTtl(Duration value) {
            this.keySetTtl = SettingChecks.positive(value, "keySetTtl");
            return this;
        }

        /** @param value see {@link JwtVerifierSettings#minRefetchInterval()}; not negative */
        public Builder minRefetchInterval(Duration value) {
            if (Objects.requireNonNull(value, "minRefetchInterval").isNegative()) {
                throw new IllegalArgumentException("minRefetchInterval must not be negative, was " + value);
            }
            this.minRefetchInterval = value;
            return this;
        }

        /** @return the settings */
        public JwtVerifierSettings build() {
            return new JwtVerifierSettings(this);
        }
    }
}
