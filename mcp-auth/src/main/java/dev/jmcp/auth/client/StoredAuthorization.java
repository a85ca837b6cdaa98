package dev.jmcp.auth.client;

import java.time.Instant;
import java.util.Objects;

/**
 * What the client keeps of its authorization for one MCP server: the authorization server that
 * gave it, the client identity registered there (credentials belong to the issuer that issued
 * them, never carried to another), and the tokens. Its {@code toString} never shows a secret or
 * a token.
 *
 * @param issuer                  the authorization server's issuer; never null
 * @param clientId                the client id at that issuer; never null
 * @param clientSecret            may be null (a public client)
 * @param tokenEndpointAuthMethod {@code none}, {@code client_secret_basic}, {@code client_secret_post}
 *                                or {@code private_key_jwt}; never null
 * @param redirectUri             the redirect URI a dynamic registration was made with; may be null
 * @param accessToken             may be null (registered, no token yet)
 * @param refreshToken            may be null
 * @param expiresAt               when the access token expires; may be null (not stated)
 * @param scope                   the scopes granted (or asked for, when the server did not say),
 *                                space-separated; may be null
 * @param tokenType               {@code Bearer}, or {@code DPoP} for a token bound to the client's
 *                                DPoP key (which lives as long as its {@link OAuthClient}); null
 *                                means {@code Bearer}
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public record StoredAuthorization(String issuer, String clientId, String clientSecret, String tokenEndpointAuthMethod,
        String redirectUri, String accessToken, String refreshToken, Instant expiresAt, String scope,
        String tokenType) {
    /** Checks the components. */
    public StoredAuthorization {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(tokenEndpointAuthMethod, "tokenEndpointAuthMethod");
    }

    /** A Bearer token's authorization. */
    public StoredAuthorization(String issuer, String clientId, String clientSecret, String tokenEndpointAuthMethod,
            String redirectUri, String accessToken, String refreshToken, Instant expiresAt, String scope) {
        this(issuer, clientId, clientSecret, tokenEndpointAuthMethod, redirectUri, accessToken, refreshToken, expiresAt,
                scope, null);
    }

    /** @return a copy with these tokens */
    public StoredAuthorization withTokens(String access, String refresh, Instant expires, String granted, String type) {
        return new StoredAuthorization(issuer, clientId, clientSecret, tokenEndpointAuthMethod, redirectUri, access,
                refresh, expires, granted, type);
    }

    /** @return whether the access token is bound to a DPoP key */
    public boolean dpopBound() {
        return "DPoP".equalsIgnoreCase(tokenType);
    }

    @Override
    public String toString() {
        return "StoredAuthorization[issuer=" + issuer + ", clientId=" + clientId + ", tokenEndpointAuthMethod="
                + tokenEndpointAuthMethod + ", accessToken=" + (accessToken != null) + ", refreshToken="
                + (refreshToken != null) + ", expiresAt=" + expiresAt + ", scope=" + scope + ", tokenType=" + tokenType
                + "]";
    }
}
