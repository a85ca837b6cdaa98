package dev.jmcp.auth.server;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.jwk.AsymmetricJWK;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.jmcp.auth.internal.server.AuthorizationServerMetadata;
import dev.jmcp.auth.internal.server.BoundedFetch;
import dev.jmcp.auth.internal.server.Claims;
import dev.jmcp.auth.internal.server.KeySet;
import dev.jmcp.core.auth.InvalidTokenException;
import dev.jmcp.core.auth.TokenVerifier;
import dev.jmcp.core.auth.VerifierUnavailableException;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.codec.JsonRuntime;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.text.ParseException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Verifies JWT access tokens (RFC 9068) with the keys of the authorization server that issued them:
 * the key set is found through the issuer's metadata (RFC 8414, then OpenID Connect discovery),
 * cached, and fetched again for an unknown key id at a bounded rate. A token is taken when it is
 * signed (never {@code alg: none}, never encrypted) with an algorithm of the allow-list (asymmetric
 * only: a public key never serves as an HMAC secret) by a key of that set, has an accepted
 * {@code typ}, names this issuer and this server as its audience, is within {@code exp}/{@code nbf}
 * give or take the clock skew, and names a subject. Its scopes come from {@code scope}.
 *
 * <pre>{@code
 * TokenVerifier verifier = JwtTokenVerifier.of(URI.create("https://auth.example.com/realms/mcp"),
 *         URI.create("https://mcp.example.com/mcp"));
 * }</pre>
 *
 * <p>Thread-safe. Fetches go through {@code java.net.http} within {@code fetchTimeout} and
 * {@code maxResponseBytes}; when no key set can be had, {@link #verify} throws
 * {@link VerifierUnavailableException} (503), never a pass.
 *
 * @since 0.1
 */
@Experimental
public final class JwtTokenVerifier implements TokenVerifier {
    private final JwtVerifierSettings settings;
    private final BoundedFetch fetch;
    private final KeySet keys;
    private final Clock clock;
    private volatile URI jwksUri;

    private JwtTokenVerifier(JwtVerifierSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
        this.fetch = new BoundedFetch(settings.fetchTimeout(), settings.maxResponseBytes());
        this.jwksUri = settings.jwksUri();
        this.keys = new KeySet(fetch, this::jwksUri, settings.keySetTtl(), settings.minRefetchInterval());
    }

    /**
     * @param issuer   the authorization server's issuer identifier; never null
     * @param audience this server's canonical URI, which tokens must name in {@code aud}; never null
     * @return a verifier with the default settings; it fetches nothing until the first token
     */
    public static JwtTokenVerifier of(URI issuer, URI audience) {
        return create(JwtVerifierSettings.builder().issuer(issuer).audience(audience).build());
    }

    /**
     * @param settings with an issuer and an audience; never null
     * @return the verifier; it fetches nothing until the first token
     * @throws IllegalArgumentException when the issuer or the audience is missing
     */
    public static JwtTokenVerifier create(JwtVerifierSettings settings) {
        return create(settings, Clock.systemUTC());
    }

    /** As {@link #create(JwtVerifierSettings)}, with the clock that {@code exp} and {@code nbf} are checked against: for tests. */
    static JwtTokenVerifier create(JwtVerifierSettings settings, Clock clock) {
        Objects.requireNonNull(settings, "settings");
        if (settings.issuer() == null || settings.audience() == null) {
            throw new IllegalArgumentException("a JWT verifier needs the issuer and the audience (this server's "
                    + "canonical URI); was issuer=" + settings.issuer() + ", audience=" + settings.audience());
        }
        return new JwtTokenVerifier(settings, Objects.requireNonNull(clock, "clock"));
    }

    /** @return the settings; never null */
    public JwtVerifierSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return "jwt (" + settings.issuer() + ")";
    }

    private URI jwksUri() {
        URI known = jwksUri;
        if (known == null) {
            JsonObject metadata = AuthorizationServerMetadata.discover(fetch, settings.issuer());
            known = AuthorizationServerMetadata.endpoint(metadata, "jwks_uri", settings.issuer());
            jwksUri = known;
        }
        return known;
    }

    @Override
    public Principal verify(String token) {
        SignedJWT jwt = signed(token);
        JWSHeader header = jwt.getHeader();
        String algorithm = header.getAlgorithm().getName();
        if (!settings.algorithms().contains(algorithm)) {
            throw new InvalidTokenException("the token's algorithm " + algorithm + " is not one of the algorithms "
                    + "taken " + settings.algorithms());
        }
        if (!settings.tokenTypes().isEmpty() && !typeTaken(header.getType())) {
            throw new InvalidTokenException("the token's type (typ) is " + header.getType() + ", not one of "
                    + settings.tokenTypes() + " (RFC 9068: an access token, not an ID token)");
        }
        List<JWK> candidates = keys.candidates(header);
        if (candidates.isEmpty()) {
            throw new InvalidTokenException("no key of the issuer's key set matches the token (kid "
                    + header.getKeyID() + ", " + algorithm + ")");
        }
        if (!signedByOneOf(jwt, candidates)) {
            throw new InvalidTokenException("the token's signature does not verify with the issuer's key");
        }
        JsonObject claims;
        try {
            claims = JsonRuntime.provider().createReader(new StringReader(jwt.getJWTClaimsSet().toString())).readObject();
        } catch (ParseException | RuntimeException e) {
            throw new InvalidTokenException("the token's claims are not a JSON object");
        }
        return Claims.principal(claims, settings.issuer(), settings.audience(), settings.clockSkew(), clock.instant(),
                true, true);
    }

    private static SignedJWT signed(String token) {
        JWT jwt;
        try {
            jwt = JWTParser.parse(token);
        } catch (ParseException e) {
            throw new InvalidTokenException("the token is not a JWT");
        }
        if (jwt instanceof PlainJWT) {
            throw new InvalidTokenException("the token is not signed (alg none)");
        }
        if (jwt instanceof EncryptedJWT) {
            throw new InvalidTokenException("the token is encrypted; signed JWTs only");
        }
        return (SignedJWT) jwt;
    }

    private boolean typeTaken(JOSEObjectType type) {
        if (type == null) {
            return false;
        }
        String given = type.getType().toLowerCase(Locale.ROOT);
        return settings.tokenTypes().stream().anyMatch(taken -> taken.toLowerCase(Locale.ROOT).equals(given));
    }

    private static boolean signedByOneOf(SignedJWT jwt, List<JWK> candidates) {
        DefaultJWSVerifierFactory factory = new DefaultJWSVerifierFactory();
        for (JWK key : candidates) {
            if (!(key instanceof AsymmetricJWK asymmetric)) {
                continue; // never a symmetric key: an HMAC over a public key is what an attacker can make
            }
            try {
                JWSVerifier verifier = factory.createJWSVerifier(jwt.getHeader(), asymmetric.toPublicKey());
                if (jwt.verify(verifier)) {
                    return true;
                }
            } catch (JOSEException wrongKind) {
                // a key of another type than the algorithm's: not this one
            }
        }
        return false;
    }
}
