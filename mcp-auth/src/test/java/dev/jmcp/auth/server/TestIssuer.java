package dev.jmcp.auth.server;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * An issuer on a {@link LoopbackAuthorizationServer}: its RFC 8414 metadata at the path-inserted
 * well-known place (its issuer has a path, as Keycloak's realms do), its key set, and tokens signed
 * with its keys, valid unless a test changes them.
 */
final class TestIssuer implements AutoCloseable {
    static final URI AUDIENCE = URI.create("https://mcp.example.com/mcp");

    final LoopbackAuthorizationServer server;
    final URI issuer;
    final List<RSAKey> keys = new CopyOnWriteArrayList<>();

    TestIssuer() throws Exception {
        server = new LoopbackAuthorizationServer();
        issuer = URI.create(server.origin() + "/realms/test");
        keys.add(new RSAKeyGenerator(2048).keyID("k1").generate());
        server.route("/.well-known/oauth-authorization-server/realms/test", request -> LoopbackAuthorizationServer.Answer
                .json("{\"issuer\":\"" + issuer + "\",\"jwks_uri\":\"" + issuer + "/jwks\",\"introspection_endpoint\":\""
                        + issuer + "/introspect\"}"));
        server.route("/realms/test/jwks", request -> LoopbackAuthorizationServer.Answer
                .json(new JWKSet(List.copyOf(keys).stream().map(k -> (com.nimbusds.jose.jwk.JWK) k.toPublicJWK())
                        .toList()).toString()));
    }

    /** @return a builder of valid claims: this issuer, the audience, subject alice, resources:read, 5 minutes */
    JWTClaimsSet.Builder claims() {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(issuer.toString()).audience(AUDIENCE.toString()).subject("alice")
                .claim("scope", "resources:read profile").claim("client_id", "test-client")
                .issueTime(java.util.Date.from(now)).expirationTime(java.util.Date.from(now.plusSeconds(300)));
    }

    /** @return a valid token */
    String token() throws Exception {
        return token(UnaryOperator.identity());
    }

    /** @return a token whose claims {@code change} changed, signed with the first key */
    String token(UnaryOperator<JWTClaimsSet.Builder> change) throws Exception {
        return sign(keys.get(0), new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(keys.get(0).getKeyID())
                .type(new JOSEObjectType("at+jwt")).build(), change.apply(claims()).build());
    }

    static String sign(RSAKey key, JWSHeader header, JWTClaimsSet claims) throws Exception {
        SignedJWT jwt = new SignedJWT(header, claims);
        JWSSigner signer = new RSASSASigner(key);
        jwt.sign(signer);
        return jwt.serialize();
    }

    /** @return settings for a verifier of this issuer's tokens */
    JwtVerifierSettings.Builder settings() {
        return JwtVerifierSettings.builder().issuer(issuer).audience(AUDIENCE);
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
