package dev.jmcp.core.auth;

import dev.jmcp.schema.McpException;

/**
 * A {@link TokenVerifier} refuses a token: the HTTP transport answers 401 with
 * {@code error="invalid_token"} and this message as {@code error_description}. The message says
 * what was wrong ({@code "expired at 2026-11-28T10:00:00Z"}, {@code "audience is not
 * https://mcp.example.com/mcp"}) and never quotes the token.
 *
 * @since 0.1
 */
public final class InvalidTokenException extends McpException {
    private static final long serialVersionUID = 1L;

    /** @param message what was wrong with the token, without the token; never null */
    public InvalidTokenException(String message) {
        super(message);
    }

    /**
     * @param message what was wrong with the token, without the token; never null
     * @param cause   the failure underneath; may be null
     */
    public InvalidTokenException(String message, Throwable cause) {
        super(message, cause);
    }
}
