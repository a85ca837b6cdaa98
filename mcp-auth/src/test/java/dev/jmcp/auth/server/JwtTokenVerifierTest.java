package dev.jmcp.auth.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.jmcp.core.auth.InvalidTokenException;
import dev.jmcp.core.auth.VerifierUnavailableException;
import dev.jmcp.core.spi.Principal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link JwtTokenVerifier} against a {@link TestIssuer} of the test's own on loopback: what it takes, and why it refuses. */
class JwtTokenVerifierTest {
    private TestIssuer as;
    private JwtTokenVerifier verifier;

    @BeforeEach
    void start() throws Exception {
        as = new TestIssuer();
        verifier = JwtTokenVerifier.create(as.settings().build());
    }

    @AfterEach
    void stop() throws Exception {
        as.close();
    }

    private String refusal(String token) {
        return assertThrows(InvalidTokenException.class, () -> verifier.verify(token)).getMessage();
    }

    @Test
    void aValidTokenIsThePrincipalItNamesWithItsScopes() throws Exception {
        Principal principal = verifier.verify(as.token());
        assertEquals("alice", principal.subject());
        assertEquals(Set.of("resources:read", "profile"), principal.scopes());
        assertEquals("test-client", principal.claims().getString("client_id"));
        assertEquals(1, as.server.count("/.well-known/oauth-authorization-server/realms/test"), "found by RFC 8414");
        verifier.verify(as.token());
        assertEquals(1, as.server.count("/realms/test/jwks"), "the key set is cached");
    }

    @Test
    void anUnsignedTokenIsRefused() throws Exception {
        String none = new PlainJWT(as.claims().build()).serialize();
        assertTrue(refusal(none).contains("not signed (alg none)"));
    }

    @Test
    void anHmacTokenSignedWithThePublicKeyIsRefused() throws Exception {
        byte[] publicKey = as.keys.get(0).toRSAPublicKey().getEncoded();
        SignedJWT forged = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("k1").type(
                new JOSEObjectType("at+jwt")).build(), as.claims().subject("mallory").build());
        forged.sign(new MACSigner(publicKey));
        assertTrue(refusal(forged.serialize()).contains("algorithm HS256 is not one of the algorithms taken"));
        assertThrows(IllegalArgumentException.class, () -> JwtVerifierSettings.builder().algorithms(Set.of("HS256")));
        assertThrows(IllegalArgumentException.class, () -> JwtVerifierSettings.builder().algorithms(Set.of("none")));
    }

    @Test
    void aWrongSignatureIsRefused() throws Exception {
        RSAKey other = new RSAKeyGenerator(2048).keyID("k1").generate(); // same kid, another key
        String token = TestIssuer.sign(other, new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k1")
                .type(new JOSEObjectType("at+jwt")).build(), as.claims().build());
        assertTrue(refusal(token).contains("signature does not verify"));
        String[] parts = as.token().split("\\.");
        String tampered = parts[0] + "." + Base64URL.encode(as.claims().subject("mallory").build().toString()) + "." + parts[2];
        assertTrue(refusal(tampered).contains("signature does not verify"));
    }

    @Test
    void anUnknownKidIsRefusedAfterOneRefetchAndRefetchesAreRateBounded() throws Exception {
        RSAKey other = new RSAKeyGenerator(2048).keyID("k9").generate();
        String token = TestIssuer.sign(other, new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k9")
                .type(new JOSEObjectType("at+jwt")).build(), as.claims().build());
        verifier.verify(as.token());
        assertEquals(1, as.server.count("/realms/test/jwks"));
        verifier = JwtTokenVerifier.create(as.settings().minRefetchInterval(Duration.ZERO).build());
        assertTrue(refusal(token).contains("no key of the issuer's key set matches the token (kid k9"));
        assertEquals(3, as.server.count("/realms/test/jwks"), "the first fetch, and one more for the unknown kid");
        JwtTokenVerifier bounded = JwtTokenVerifier.create(as.settings().build()); // 30 s between refetches
        bounded.verify(as.token());
        int before = as.server.count("/realms/test/jwks");
        for (int i = 0; i < 5; i++) {
            assertThrows(InvalidTokenException.class, () -> bounded.verify(token));
        }
        assertEquals(before, as.server.count("/realms/test/jwks"), "no refetch within minRefetchInterval");
    }

    @Test
    void aRotatedKeyIsFoundByItsUnknownKid() throws Exception {
        verifier = JwtTokenVerifier.create(as.settings().minRefetchInterval(Duration.ZERO).build());
        verifier.verify(as.token());
        RSAKey rotated = new RSAKeyGenerator(2048).keyID("k2").generate();
        as.keys.add(rotated);
        String token = TestIssuer.sign(rotated, new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k2")
                .type(new JOSEObjectType("at+jwt")).build(), as.claims().build());
        assertEquals("alice", verifier.verify(token).subject());
    }

    @Test
    void aTokenForAnotherAudienceOrFromAnotherIssuerIsRefused() throws Exception {
        assertTrue(refusal(as.token(c -> c.audience("https://other.example.com/mcp")))
                .contains("audience (aud) does not hold this server, " + TestIssuer.AUDIENCE));
        assertTrue(refusal(as.token(c -> c.audience(List.of("account", TestIssuer.AUDIENCE + "/x"))))
                .contains("audience"));
        assertTrue(refusal(as.token(c -> c.issuer("https://evil.example.com"))).contains("issuer (iss) is"));
    }

    @Test
    void anExpiredOrNotYetValidTokenIsRefusedBeyondTheSkew() throws Exception {
        Instant now = Instant.now();
        assertTrue(refusal(as.token(c -> c.expirationTime(Date.from(now.minusSeconds(120))))).contains("expired at"));
        assertTrue(refusal(as.token(c -> c.notBeforeTime(Date.from(now.plusSeconds(120))))).contains("not valid before"));
        assertTrue(refusal(as.token(c -> c.expirationTime(null))).contains("no expiry"));
        // within the 60 s skew: taken
        assertEquals("alice", verifier.verify(as.token(c -> c.expirationTime(Date.from(now.minusSeconds(20))))).subject());
        assertEquals("alice", verifier.verify(as.token(c -> c.notBeforeTime(Date.from(now.plusSeconds(20))))).subject());
    }

    @Test
    void anIdTokenTypeIsRefusedUnlessTypesAreOpen() throws Exception {
        String jwtTyped = TestIssuer.sign(as.keys.get(0), new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k1")
                .type(JOSEObjectType.JWT).build(), as.claims().build());
        assertTrue(refusal(jwtTyped).contains("type (typ) is JWT"));
        JwtTokenVerifier open = JwtTokenVerifier.create(as.settings().tokenTypes(List.of()).build());
        assertEquals("alice", open.verify(jwtTyped).subject());
        assertTrue(refusal("not.a.jwt").contains("not a JWT"));
        assertTrue(refusal(as.token(c -> c.subject(null))).contains("no subject"));
    }

    @Test
    void aKeySetThatIsDownSlowOrHugeMakesTheVerifierUnavailableNamingTheSetting() throws Exception {
        String token = as.token();
        URI closed;
        try (var probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + probe.getLocalPort() + "/jwks");
        }
        JwtTokenVerifier down = JwtTokenVerifier.create(as.settings().jwksUri(closed).build());
        assertTrue(assertThrows(VerifierUnavailableException.class, () -> down.verify(token)).getMessage()
                .contains("could not fetch " + closed));

        as.server.route("/slow", request -> LoopbackAuthorizationServer.hold());
        JwtTokenVerifier slow = JwtTokenVerifier.create(as.settings().jwksUri(URI.create(as.issuer + "/../../slow")
                .normalize()).fetchTimeout(Duration.ofMillis(300)).build());
        assertTrue(assertThrows(VerifierUnavailableException.class, () -> slow.verify(token)).getMessage()
                .contains("did not answer within fetchTimeout=PT0.3S"));

        byte[] tenMiB = new byte[10 << 20];
        java.util.Arrays.fill(tenMiB, (byte) ' ');
        as.server.route("/huge", request -> new LoopbackAuthorizationServer.Answer(200, tenMiB, false));
        JwtTokenVerifier huge = JwtTokenVerifier.create(as.settings().jwksUri(URI.create(as.server.origin() + "/huge"))
                .build());
        assertTrue(assertThrows(VerifierUnavailableException.class, () -> huge.verify(token)).getMessage()
                .contains("answered more than maxResponseBytes=1048576"));

        as.server.route("/junk", request -> LoopbackAuthorizationServer.Answer.json("[1,2,3]"));
        JwtTokenVerifier junk = JwtTokenVerifier.create(as.settings().jwksUri(URI.create(as.server.origin() + "/junk"))
                .build());
        assertThrows(VerifierUnavailableException.class, () -> junk.verify(token));
    }

    @Test
    void metadataThatNamesAnotherIssuerIsNotTrusted() throws Exception {
        as.server.route("/.well-known/oauth-authorization-server/realms/test", request -> LoopbackAuthorizationServer
                .Answer.json("{\"issuer\":\"https://evil.example.com\",\"jwks_uri\":\"" + as.issuer + "/jwks\"}"));
        assertTrue(assertThrows(VerifierUnavailableException.class, () -> verifier.verify(as.token())).getMessage()
                .contains("names the issuer https://evil.example.com"));
    }

    @Test
    void openIdDiscoveryIsTheFallback() throws Exception {
        as.server.route("/.well-known/oauth-authorization-server/realms/test", request -> LoopbackAuthorizationServer
                .Answer.status(404));
        as.server.route("/realms/test/.well-known/openid-configuration", request -> LoopbackAuthorizationServer
                .Answer.json("{\"issuer\":\"" + as.issuer + "\",\"jwks_uri\":\"" + as.issuer + "/jwks\"}"));
        assertEquals("alice", verifier.verify(as.token()).subject());
        assertEquals(1, as.server.count("/.well-known/openid-configuration/realms/test"), "tried in the spec's order");
    }
}
