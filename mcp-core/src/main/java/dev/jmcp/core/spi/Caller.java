package dev.jmcp.core.spi;

import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Who is asking: what a {@link ResourceProvider} knows of the request behind a call. Over stdio,
 * and over HTTP without authorization, there is no principal; everything else comes from the
 * request ({@code _meta} of a stateless request) or from the session's handshake, read when first
 * asked for ({@link #of(RequestContext)}), so that a provider that does not look costs nothing.
 * Immutable and thread-safe.
 *
 * @since 0.1
 */
public final class Caller {
    private static final Caller NONE = builder().build();

    private final String protocolVersion;
    private final boolean stateless;
    private final Supplier<Implementation> clientInfoSource;
    private final Supplier<ClientCapabilities> capabilitiesSource;
    private final Principal principal;
    private volatile Optional<Implementation> clientInfo; // null until first asked for
    private volatile ClientCapabilities clientCapabilities; // null until first asked for

    private Caller(String protocolVersion, boolean stateless, Supplier<Implementation> clientInfo,
                   Supplier<ClientCapabilities> clientCapabilities, Principal principal) {
        this.protocolVersion = protocolVersion;
        this.stateless = stateless;
        this.clientInfoSource = clientInfo;
        this.capabilitiesSource = clientCapabilities;
        this.principal = principal;
    }

    /**
     * The caller of a request being served: its revision and era at once, the client's identity and
     * capabilities read from the request when a provider first asks for them, and the principal the
     * transport authenticated it as.
     *
     * @param request the request; never null
     * @return its caller
     */
    public static Caller of(RequestContext request) {
        Objects.requireNonNull(request, "request");
        return new Caller(request.protocolVersion(), request.isStateless(), request::clientInfo,
                request::clientCapabilities, request.principal().orElse(null));
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
        Optional<Implementation> known = clientInfo;
        if (known == null) {
            known = Optional.ofNullable(clientInfoSource.get());
            clientInfo = known;
        }
        return known;
    }

    /**
     * @return what the client supports; {@link ClientCapabilities#none()} when unknown; never null
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when a stateless request's
     *         capabilities cannot be read
     */
    public ClientCapabilities clientCapabilities() {
        ClientCapabilities known = clientCapabilities;
        if (known == null) {
            known = Objects.requireNonNullElse(capabilitiesSource.get(), ClientCapabilities.none());
            clientCapabilities = known;
        }
        return known;
    }

    /** @return the authenticated principal; empty when the request was not authenticated (stdio, no authorization) */
    public Optional<Principal> principal() {
        return Optional.ofNullable(principal);
    }

    @Override
    public String toString() {
        return "Caller[" + (protocolVersion == null ? "no revision" : protocolVersion)
                + (stateless ? ", stateless" : "") + clientInfo().map(info -> ", client " + info.name()).orElse("")
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
            Implementation info = clientInfo;
            ClientCapabilities capabilities = clientCapabilities;
            return new Caller(protocolVersion, stateless, () -> info, () -> capabilities, principal);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Caller that && stateless == that.stateless
                && Objects.equals(protocolVersion, that.protocolVersion) && clientInfo().equals(that.clientInfo())
                && clientCapabilities().equals(that.clientCapabilities()) && Objects.equals(principal, that.principal);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocolVersion, stateless, clientInfo(), clientCapabilities(), principal);
    }
}
