package dev.jmcp.auth.client;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * The user-facing step of the authorization code flow: show the user the authorization URL (a
 * browser), and bring back the URL the authorization server redirected to. {@link LoopbackPrompt}
 * receives it on a loopback port (RFC 8252); a test or a conformance client can answer it by
 * requesting the URL itself.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public interface AuthorizationPrompt {

    /**
     * @return the redirect URI the authorization server is to send the user back to; the same one
     *         until {@link #authorize} has returned; never null
     * @throws IOException when it cannot be made (no loopback port free)
     */
    URI redirectUri() throws IOException;

    /**
     * Has the user authorize, and waits for the redirect.
     *
     * @param authorizationUrl the authorization request, to open in a browser; never null
     * @param timeout          how long the user has; positive
     * @return the URL the user was redirected to, with its query ({@code code}, {@code state},
     *         {@code iss}, or {@code error}); never null
     * @throws IOException when no redirect came within {@code timeout}, or it could not be received
     */
    URI authorize(URI authorizationUrl, Duration timeout) throws IOException;
}
