package dev.jmcp.auth.client;

import java.time.Duration;
import java.util.Objects;

/**
 * The named settings of an {@link OAuthClient}, each with a default: how long its calls to
 * authorization servers and metadata endpoints may take, how much they may answer, and how often
 * one request may be re-authorized. Made by {@link #builder()}; immutable.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public final class OAuthSettings {
    /** 10 seconds. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** 30 seconds. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** {@value} bytes: metadata, registration and token answers are small JSON documents. */
    public static final int DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024;
    /** {@value}: the first authorization and two step-ups. */
    public static final int DEFAULT_MAX_AUTHORIZATIONS_PER_REQUEST = 3;
    /** 5 minutes. */
    public static final Duration DEFAULT_AUTHORIZATION_TIMEOUT = Duration.ofMinutes(5);
    /** 30 seconds. */
    public static final Duration DEFAULT_EXPIRY_SKEW = Duration.ofSeconds(30);

    private static final OAuthSettings DEFAULTS = builder().build();

    private final Duration connectTimeout;
    private final Duration requestTimeout;
    private final int maxResponseBytes;
    private final int maxAuthorizationsPerRequest;
    private final Duration authorizationTimeout;
    private final Duration expirySkew;

    private OAuthSettings(Builder b) {
        this.connectTimeout = b.connectTimeout;
        this.requestTimeout = b.requestTimeout;
        this.maxResponseBytes = b.maxResponseBytes;
        this.maxAuthorizationsPerRequest = b.maxAuthorizationsPerRequest;
        this.authorizationTimeout = b.authorizationTimeout;
        this.expirySkew = b.expirySkew;
    }

    /** @return the defaults */
    public static OAuthSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().connectTimeout(connectTimeout).requestTimeout(requestTimeout)
                .maxResponseBytes(maxResponseBytes).maxAuthorizationsPerRequest(maxAuthorizationsPerRequest)
                .authorizationTimeout(authorizationTimeout).expirySkew(expirySkew);
    }

    /** @return how long opening a connection to an authorization server or a metadata endpoint may take; positive */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** @return how long one call to an authorization server or a metadata endpoint may take in all; positive */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /** @return the most bytes a metadata, registration or token answer may have; positive */
    public int maxResponseBytes() {
        return maxResponseBytes;
    }

    /**
     * @return how many times one request may be authorized anew after the server refused it (401,
     *         or 403 {@code insufficient_scope} for a step-up) before it fails: a server that keeps
     *         asking for more is not followed for ever; at least 1
     */
    public int maxAuthorizationsPerRequest() {
        return maxAuthorizationsPerRequest;
    }

    /** @return how long the user has to sign in: the {@link AuthorizationPrompt} is given this much; positive */
    public Duration authorizationTimeout() {
        return authorizationTimeout;
    }

    /**
     * @return how long before its stated expiry an access token is no longer sent (the server's 401
     *         then has it refreshed); not negative
     */
    public Duration expirySkew() {
        return expirySkew;
    }

    @Override
    public String toString() {
        return "OAuthSettings[connectTimeout=" + connectTimeout + ", requestTimeout=" + requestTimeout
                + ", maxResponseBytes=" + maxResponseBytes + ", maxAuthorizationsPerRequest="
                + maxAuthorizationsPerRequest + ", authorizationTimeout=" + authorizationTimeout + ", expirySkew="
                + expirySkew + "]";
    }

    /**
     * Builds {@link OAuthSettings}; each method checks its value at once and names the setting when
     * it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
        private int maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
        private int maxAuthorizationsPerRequest = DEFAULT_MAX_AUTHORIZATIONS_PER_REQUEST;
        private Duration authorizationTimeout = DEFAULT_AUTHORIZATION_TIMEOUT;
        private Duration expirySkew = DEFAULT_EXPIRY_SKEW;

        private Builder() {
        }

        /** @param value positive; see {@link OAuthSettings#connectTimeout()} */
        public Builder connectTimeout(Duration value) {
            this.connectTimeout = positive(value, "connectTimeout");
            return this;
        }

        /** @param value positive; see {@link OAuthSettings#requestTimeout()} */
        public Builder requestTimeout(Duration value) {
            this.requestTimeout = positive(value, "requestTimeout");
            return this;
        }

        /** @param value positive; see {@link OAuthSettings#maxResponseBytes()} */
        public Builder maxResponseBytes(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxResponseBytes must be >= 1, was " + value);
            }
            this.maxResponseBytes = value;
            return this;
        }

        /** @param value at least 1; see {@link OAuthSettings#maxAuthorizationsPerRequest()} */
        public Builder maxAuthorizationsPerRequest(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxAuthorizationsPerRequest must be >= 1, was " + value);
            }
            this.maxAuthorizationsPerRequest = value;
            return this;
        }

        /** @param value positive; see {@link OAuthSettings#authorizationTimeout()} */
        public Builder authorizationTimeout(Duration value) {
            this.authorizationTimeout = positive(value, "authorizationTimeout");
            return this;
        }

        /** @param value not negative; see {@link OAuthSettings#expirySkew()} */
        public Builder expirySkew(Duration value) {
            Objects.requireNonNull(value, "expirySkew");
            if (value.isNegative()) {
                throw new IllegalArgumentException("expirySkew must not be negative, was " + value);
            }
            this.expirySkew = value;
            return this;
        }

        /** @return the settings */
        public OAuthSettings build() {
            return new OAuthSettings(this);
        }

        private static Duration positive(Duration value, String name) {
            Objects.requireNonNull(value, name);
            if (value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException(name + " must be positive, was " + value);
            }
            return value;
        }
    }
}
