package dev.jmcp.core.spi;

import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import java.util.Objects;
import java.util.Optional;

/**
 * Who is asking: what a {@link ResourceProvider} knows of the request behind a call. Over stdio,
 * and over HTTP without authorization, there is no principal; everything else comes from the
 * request ({@code _meta} of a stateless request) or from the session's handshake. Immutable.
 *
 * @since 0.1
 */
public final class Caller {
    private static final Caller NONE = builder().build();

    private final String protocolVersion;
    private final boolean stateless;
    private final Implementation clientInfo;
    private final ClientCapabilities clientCapabilities;
    private final Principal principal;

    private Caller(Builder builder) {
        this.protocolVersion = builder.protocolVersion;
        this.stateless = builder.stateless;
        this.clientInfo = builder.clientInfo;
        this.clientCapabilities = builder.clientCapabilities == null ? ClientCapabilities.none()
                : builder.clientCapabilities;
        this.principal = builder.principal;
    }

    /**
     * @return a caller with no revision, client or principal: for calls outside a request, such as
     *         a provider's own tests
     */
    public static Caller none() {
        return NONE;
    }

    /** @return a builder with nothing set; not thread-safe */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the revision the request is served under, such as {@code 2026-07-28}; empty outside a request */
    public Optional<String> protocolVersion() {
        return Optional.ofNullable(protocolVersion);
    }

    /** @return true for a request of the stateless era (2026-07-28 and later), false for one of a session */
    public boolean isStateless() {
        return stateless;
    }

    /** @return the client program, as it named itself; empty when it did not */
    public Optional<Implementation> clientInfo() {
        return Optional.ofNullable(clientInfo);
    }

    /** @return what the client supports; {@link ClientCapabilities#none()} when unknown; never null */
    public ClientCapabilities clientCapabilities() {
        return clientCapabilities;
    }

    /** @return the authenticated principal; empty when the request was not authenticated (stdio, no authorization) */
    public Optional<Principal> principal() {
        return Optional.ofNullable(principal);
    }

    @Override
    public String toString() {
        return "Caller[" + (protocolVersion == null ? "no revision" : protocolVersion)
                + (stateless ? ", stateless" : "") + (clientInfo == null ? "" : ", client " + clientInfo.name())
                + (principal == null ? ", anonymous" : ", " + principal.subject()) + "]";
    }

    /** Builds a {@link Caller}. Not thread-safe. */
    public static final class Builder {
        private String protocolVersion;
        private boolean stateless;
        private Implementation clientInfo;
        private ClientCapabilities clientCapabilities;
        private Principal principal;

        private Builder() {
        }

        /** @param value the revision; null for none @return this */
        public Builder protocolVersion(String value) {
            this.protocolVersion = value;
            return this;
        }

        /** @param value true for a stateless request @return this */
        public Builder stateless(boolean value) {
            this.stateless = value;
            return this;
        }

        /** @param value the client program; null for none @return this */
        public Builder clientInfo(Implementation value) {
            this.clientInfo = value;
            return this;
        }

        /** @param value what the client supports; null for none @return this */
        public Builder clientCapabilities(ClientCapabilities value) {
            this.clientCapabilities = value;
            return this;
        }

        /** @param value the authenticated principal; null for none @return this */
        public Builder principal(Principal value) {
            this.principal = value;
            return this;
        }

        /** @return the caller */
        public Caller build() {
            return new Caller(this);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Caller that && stateless == that.stateless
                && Objects.equals(protocolVersion, that.protocolVersion) && Objects.equals(clientInfo, that.clientInfo)
                && clientCapabilities.equals(that.clientCapabilities) && Objects.equals(principal, that.principal);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocolVersion, stateless, clientInfo, clientCapabilities, principal);
    }
}
