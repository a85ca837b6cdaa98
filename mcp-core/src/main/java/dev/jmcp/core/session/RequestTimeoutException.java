package dev.jmcp.core.session;

import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.time.Duration;

/**
 * An outbound request got no response in time. The session has already sent the peer
 * {@code notifications/cancelled} for it (except for {@code initialize}, which must not be cancelled).
 *
 * @since 0.1
 */
public final class RequestTimeoutException extends McpException {
    private static final long serialVersionUID = 1L;

    private final transient RequestId requestId;
    private final String method;
    private final Duration timeout;

    /**
     * @param requestId the request's id; never null
     * @param method    the request's method; never null
     * @param timeout   the time it was given; never null
     */
    public RequestTimeoutException(RequestId requestId, String method, Duration timeout) {
        super("no response to " + method + " (id " + requestId + ") within " + timeout.toMillis()
                + " ms (requestTimeout, or the call's own timeout)");
        this.requestId = requestId;
        this.method = method;
        this.timeout = timeout;
    }

    /** @return the id of the request that timed out */
    public RequestId requestId() {
        return requestId;
    }

    /** @return the method of the request that timed out */
    public String method() {
        return method;
    }

    /** @return the time the request was given */
    public Duration timeout() {
        return timeout;
    }
}
