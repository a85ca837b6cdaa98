package dev.jmcp.auth.client;

import dev.jmcp.schema.McpException;

/**
 * Authorization could not be obtained: a metadata document, an authorization server's answer or
 * the authorization response was missing, malformed, or failed a check the client must make (a
 * resource that is not the server's, an {@code iss} that is not the issuer's, a forged
 * {@code state}, an authorization server without PKCE S256). The message says which.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public class OAuthException extends McpException {
    private static final long serialVersionUID = 1L;

    /** @param message what was wrong */
    public OAuthException(String message) {
        super(message);
    }

    /**
     * @param message what was wrong
     * @param cause   why
     */
    public OAuthException(String message, Throwable cause) {
        super(message, cause);
    }
}
