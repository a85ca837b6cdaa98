package dev.jmcp.core.auth;

import dev.jmcp.schema.McpException;

/**
 * A {@link TokenVerifier} cannot decide now: the key set it needs or the introspection endpoint is
 * down, too slow ({@code fetchTimeout}), or answers something it cannot use (too large, not JSON).
 * The HTTP transport answers 503 naming the verifier and this message; the request is never served.
 *
 * @since 0.1
 */
public final class VerifierUnavailableException extends McpException {
    private static final long serialVersionUID = 1L;

    /** @param message what failed, naming the endpoint and any limit hit; never null */
    public VerifierUnavailableException(String message) {
        super(message);
    }

    /**
     * @param message what failed, naming the endpoint and any limit hit; never null
     * @param cause   the failure underneath; may be null
     */
    public VerifierUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
