package dev.jmcp.auth.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.auth.InvalidTokenException;
import dev.jmcp.core.auth.VerifierUnavailableException;
import dev.jmcp.core.spi.Principal;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link IntrospectionTokenVerifier} against the test's own introspection endpoint on loopback. */
class IntrospectionTokenVerifierTest {
    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");

    private TestIssuer as;
    private final Map<String, String> answers = new ConcurrentHashMap<>();
    private final Map<String, String> seenAuthorization = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws Exception {
        as = new TestIssuer();
        String expected = "Basic " + Base64.getEncoder().encodeToString("mcp-server:s3cret%21".getBytes(StandardCharsets.UTF_8));
        as.server.route("/realms/test/introspect", request -> {
            seenAuthorization.put("last", request.headers().getOrDefault("authorization", ""));
            if (!expected.equals(request.headers().get("authorization"))) {
                return LoopbackAuthorizationServer.Answer.status(401);
            }
            String token = URLDecoder.decode(request.body().split("&")[0].substring("token=".length()), StandardCharsets.UTF_8);
            return LoopbackAuthorizationServer.Answer.json(answers.getOrDefault(token, "{\"active\":false}"));
        });
        answers.put("opaque-1", "{\"active\":true,\"sub\":\"bob\",\"scope\":\"resources:read\",\"aud\":\""
                + TestIssuer.AUDIENCE + "\",\"iss\":\"" + as.issuer + "\",\"exp\":" + NOW.plusSeconds(30).getEpochSecond() + "}");
        answers.put("other-aud", "{\"active\":true,\"sub\":\"bob\",\"aud\":\"https://other.example.com\"}");
    }

    @AfterEach
    void stop() throws Exception {
        as.close();
    }

    private IntrospectionSettings.Builder settings() {
        return IntrospectionSettings.builder().issuer(as.issuer).audience(TestIssuer.AUDIENCE).clientId("mcp-server")
                .clientSecret("s3cret!");
    }

    private static Clock at(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }

    @Test
    void anActiveTokenIsItsPrincipalAndIsCachedNoLongerThanItLives() {
        IntrospectionTokenVerifier verifier = IntrospectionTokenVerifier.create(settings().build(), at(NOW));
        Principal bob = verifier.verify("opaque-1");
        assertEquals("bob", bob.subject());
        assertEquals(Set.of("resources:read"), bob.scopes());
        verifier.verify("opaque-1");
        assertEquals(1, as.server.count("/realms/test/introspect"), "the second answer came from the cache");
        // 40 s later the token (exp in 30 s) is past its life: asked again, and refused as expired
        IntrospectionTokenVerifier later = IntrospectionTokenVerifier.create(settings().clockSkew(Duration.ZERO).build(),
                at(NOW.plusSeconds(40)));
        assertTrue(assertThrows(InvalidTokenException.class, () -> later.verify("opaque-1")).getMessage()
                .contains("expired"));
    }

    @Test
    void anInactiveTokenOrOneForAnotherAudienceIsInvalid() {
        IntrospectionTokenVerifier verifier = IntrospectionTokenVerifier.create(settings().build(), at(NOW));
        assertTrue(assertThrows(InvalidTokenException.class, () -> verifier.verify("revoked")).getMessage()
                .contains("not active"));
        assertTrue(assertThrows(InvalidTokenException.class, () -> verifier.verify("other-aud")).getMessage()
                .contains("audience"));
    }

    @Test
    void theServerAuthenticatesWithClientSecretBasic() {
        IntrospectionTokenVerifier verifier = IntrospectionTokenVerifier.create(settings().clientSecret("wrong").build(),
                at(NOW));
        assertTrue(assertThrows(VerifierUnavailableException.class, () -> verifier.verify("opaque-1")).getMessage()
                .contains("answered HTTP 401"), "refused credentials are the verifier's failure, never the token's");
        assertTrue(seenAuthorization.get("last").startsWith("Basic "));
        assertTrue(settings().build().toString().contains("clientSecret=(set)"));
        assertTrue(!settings().build().toString().contains("s3cret"));
    }

    @Test
    void anIntrospectionEndpointThatIsDownIsUnavailableNeverAPass() throws Exception {
        URI closed;
        try (var probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + probe.getLocalPort() + "/introspect");
        }
        IntrospectionTokenVerifier verifier = IntrospectionTokenVerifier.create(settings().introspectionEndpoint(closed)
                .build(), at(NOW));
        assertTrue(assertThrows(VerifierUnavailableException.class, () -> verifier.verify("opaque-1")).getMessage()
                .contains("could not fetch " + closed));
        as.server.route("/junk", request -> LoopbackAuthorizationServer.Answer.json("{\"active\":\"yes\"}"));
        IntrospectionTokenVerifier junk = IntrospectionTokenVerifier.create(settings()
                .introspectionEndpoint(URI.create(as.server.origin() + "/junk")).build(), at(NOW));
        assertTrue(assertThrows(VerifierUnavailableException.class, () -> junk.verify("opaque-1")).getMessage()
                .contains("no boolean active"));
    }
}
