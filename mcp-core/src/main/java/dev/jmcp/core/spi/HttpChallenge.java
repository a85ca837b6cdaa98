package dev.jmcp.core.spi;

import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * A server's refusal of an HTTP request for want of authorization, handed to an
 * {@link HttpAuthorizer}.
 *
 * @param resource        the MCP endpoint the request went to; never null
 * @param status          401 (no token, or one the server does not accept) or 403 (a token without
 *                        the scope the request needs)
 * @param wwwAuthenticate the values of the answer's {@code WWW-Authenticate} headers, in order;
 *                        never null, may be empty
 * @param attempt         how many times this same request has been refused so far: 1 the first
 *                        time, 2 after one new authorization did not satisfy the server, and so on;
 *                        an authorizer bounds its retries with it
 * @param dpopNonce       the answer's {@code DPoP-Nonce} header (RFC 9449 section 9), the nonce a
 *                        DPoP proof must carry; may be null
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public record HttpChallenge(URI resource, int status, List<String> wwwAuthenticate, int attempt, String dpopNonce) {
    /** Checks and copies the components. */
    public HttpChallenge {
        Objects.requireNonNull(resource, "resource");
        wwwAuthenticate = List.copyOf(wwwAuthenticate);
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be >= 1, was " + attempt);
        }
    }

    /** A challenge without a DPoP nonce. */
    public HttpChallenge(URI resource, int status, List<String> wwwAuthenticate, int attempt) {
        this(resource, status, wwwAuthenticate, attempt, null);
    }
}
