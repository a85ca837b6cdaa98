package dev.jmcp.core.auth;

import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.Experimental;

/**
 * Turns a bearer access token into the {@link Principal} it vouches for, or refuses it. The HTTP
 * transport calls it for every request to a protected endpoint, off its event loops (a verifier may
 * block on a network fetch), and forgets the token once the call returns.
 *
 * <p>Two outcomes besides a principal, told apart because the client must act differently: the
 * token is bad ({@link InvalidTokenException}: 401 {@code invalid_token}, the client gets a new
 * one), or the verifier cannot tell ({@link VerifierUnavailableException}: 503 naming the verifier,
 * the client retries later). Any other exception counts as unavailable: a verifier that fails never
 * lets a request through.
 *
 * <p>A verifier must not log the token, keep it past the call (a cache keyed by the token's hash is
 * fine), or send it anywhere but to the authorization server that issued it.
 *
 * @since 0.1
 */
@Experimental
public interface TokenVerifier {

    /** @return how a 503 and the log name this verifier, such as {@code "jwt (https://as.example.com)"}; never null */
    String name();

    /**
     * @param token the bearer token as the client sent it (RFC 6750 {@code b64token}); never null
     * @return the principal the token vouches for: its subject, scopes and claims; never null
     * @throws InvalidTokenException        when the token is malformed, badly signed, expired, not yet
     *                                      valid, or issued by or for someone else
     * @throws VerifierUnavailableException when the verifier cannot decide now (its key set or its
     *                                      introspection endpoint is down, slow, or answers junk)
     */
    Principal verify(String token);
}
