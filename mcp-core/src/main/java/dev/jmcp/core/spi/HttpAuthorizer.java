package dev.jmcp.core.spi;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

/**
 * Authorizes a client's HTTP requests: an HTTP transport asks it for the {@code Authorization}
 * header of every request it sends (POST, GET streams, DELETE, the legacy HTTP+SSE requests), and
 * calls it back when the server refuses one with 401 or 403, then sends that request again when it
 * says so. jmcp's OAuth 2.1 client ({@code dev.jmcp.auth.client.OAuthClient}) is one; a program with
 * a fixed token can write its own in a few lines. Stdio takes none: a process gets its credentials
 * from its environment.
 *
 * <p>Both methods may be called by several threads at once. {@link #authorization} may be called on
 * any thread that sends, an I/O thread included, so it returns what it holds without waiting on the
 * network; {@link #challenged} is called on the transport's own threads, never an I/O event loop,
 * and may block for as long as obtaining credentials takes (a user signing in).
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public interface HttpAuthorizer {

    /**
     * @param resource the MCP endpoint the request goes to; never null
     * @return the value of the {@code Authorization} header (such as {@code "Bearer abc"}), or null
     *         to send none (nothing known yet: the server's challenge will say what it needs)
     */
    String authorization(URI resource);

    /**
     * The headers that authorize one request: by default {@code Authorization} from
     * {@link #authorization}. An authorizer whose tokens are bound to a key (DPoP, RFC 9449)
     * overrides it to add a proof made for this request's method and URL.
     *
     * @param resource the MCP endpoint the request is for; never null
     * @param method   the request's method, such as {@code POST}; never null
     * @param request  the URL the request goes to (an HTTP+SSE server's message endpoint differs
     *                 from {@code resource}); never null
     * @return header name to value; never null, empty for none
     */
    default Map<String, String> headers(URI resource, String method, URI request) {
        String authorization = authorization(resource);
        return authorization == null ? Map.of() : Map.of("Authorization", authorization);
    }

    /**
     * The server refused a request with 401 or 403.
     *
     * @param challenge what the server said; never null
     * @return true when new credentials were obtained and the request is to be sent again; false to
     *         fail the request with the server's answer
     * @throws IOException when obtaining credentials failed; the request fails with it
     */
    boolean challenged(HttpChallenge challenge) throws IOException;
}
