package dev.jmcp.auth.client;

import java.net.URI;
import java.util.Objects;

/**
 * How the client makes itself known to an authorization server, in the order the MCP authorization
 * spec gives: a client id registered beforehand (with a secret when it is confidential); else a
 * Client ID Metadata Document URL, when the server supports them; else dynamic client registration
 * (RFC 7591) under {@link #clientName()}. Made by {@link #builder()}; immutable.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public final class ClientRegistration {
    private static final ClientRegistration DYNAMIC = builder().build();

    private final String clientId;
    private final String clientSecret;
    private final String issuer;
    private final URI metadataDocument;
    private final String clientName;

    private ClientRegistration(Builder b) {
        this.clientId = b.clientId;
        this.clientSecret = b.clientSecret;
        this.issuer = b.issuer;
        this.metadataDocument = b.metadataDocument;
        this.clientName = b.clientName;
    }

    /** @return dynamic registration only, as {@code jmcp} */
    public static ClientRegistration dynamic() {
        return DYNAMIC;
    }

    /** @return a builder with nothing registered and the client name {@code jmcp} */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the pre-registered client id; null for none */
    public String clientId() {
        return clientId;
    }

    /** @return the pre-registered client's secret; null for a public client */
    public String clientSecret() {
        return clientSecret;
    }

    /**
     * @return the issuer the pre-registered id belongs to; null when it is used with any
     *         authorization server (one deployment, one server)
     */
    public String issuer() {
        return issuer;
    }

    /** @return the client's metadata document URL (an https URL with a path), used as its client id; null for none */
    public URI metadataDocument() {
        return metadataDocument;
    }

    /** @return the {@code client_name} of a dynamic registration; never null */
    public String clientName() {
        return clientName;
    }

    @Override
    public String toString() {
        // never the secret
        return "ClientRegistration[clientId=" + clientId + ", secret=" + (clientSecret != null) + ", issuer=" + issuer
                + ", metadataDocument=" + metadataDocument + ", clientName=" + clientName + "]";
    }

    /**
     * Builds a {@link ClientRegistration}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private String clientId;
        private String clientSecret;
        private String issuer;
        private URI metadataDocument;
        private String clientName = "jmcp";

        private Builder() {
        }

        /** @param value null for none; see {@link ClientRegistration#clientId()} */
        public Builder clientId(String value) {
            this.clientId = value;
            return this;
        }

        /** @param value null for a public client; see {@link ClientRegistration#clientSecret()} */
        public Builder clientSecret(String value) {
            this.clientSecret = value;
            return this;
        }

        /** @param value null for any; see {@link ClientRegistration#issuer()} */
        public Builder issuer(String value) {
            this.issuer = value;
            return this;
        }

        /** @param value an absolute http(s) URL with a path, or null; see {@link ClientRegistration#metadataDocument()} */
        public Builder metadataDocument(URI value) {
            if (value != null && (!value.isAbsolute() || !value.getScheme().startsWith("http")
                    || value.getRawPath() == null || value.getRawPath().length() < 2)) {
                throw new IllegalArgumentException("metadataDocument must be an http(s) URL with a path, was " + value);
            }
            this.metadataDocument = value;
            return this;
        }

        /** @param value never null; see {@link ClientRegistration#clientName()} */
        public Builder clientName(String value) {
            this.clientName = Objects.requireNonNull(value, "clientName");
            return this;
        }

        /** @return the registration */
        public ClientRegistration build() {
            if (clientSecret != null && clientId == null) {
                throw new IllegalArgumentException("clientSecret needs a clientId");
            }
            return new ClientRegistration(this);
        }
    }
}
