package dev.jmcp.schema;

/**
 * The root of every exception that jmcp throws. Unchecked: protocol code is callback-heavy and a
 * checked root would be wrapped at every lambda.
 *
 * @since 0.1
 */
public class McpException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what went wrong, naming the rule or limit that applied; never null
     */
    public McpException(String message) {
        super(message);
    }

    /**
     * @param message what went wrong; never null
     * @param cause   the underlying failure; may be null
     */
    public McpException(String message, Throwable cause) {
        super(message, cause);
    }
}
