package dev.jmcp.core.session;

import dev.jmcp.schema.McpException;

/**
 * The session closed (or its transport did) before an outbound request was answered, or an
 * operation was attempted on a closed session.
 *
 * @since 0.1
 */
public final class SessionClosedException extends McpException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what could not be done; never null
     * @param cause   why the transport closed, when it failed; may be null
     */
    public SessionClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
