package dev.jmcp.auth.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.auth.TokenVerifier;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Resource;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input matrix over real sockets: a jmcp server protected by the built-in verifiers, with
 * the test's own authorization server on loopback, asked by a plain HTTP client with each kind of
 * bad token; each gets its status and challenge, and nothing is served (the authorization
 * decision, which the engine asks for every resource it would show, is never asked).
 */
class BadTokenMatrixTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\",\"params\":{\"_meta\":{"
            + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientInfo\":"
            + "{\"name\":\"matrix\",\"version\":\"1\"},\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    private static TestIssuer as;
    private static final AtomicInteger decided = new AtomicInteger();

    @BeforeAll
    static void startIssuer() throws Exception {
        as = new TestIssuer();
        as.server.route("/slow-jwks", request -> LoopbackAuthorizationServer.hold());
        byte[] tenMiB = new byte[10 << 20];
        Arrays.fill(tenMiB, (byte) ' ');
        as.server.route("/huge-jwks", request -> new LoopbackAuthorizationServer.Answer(200, tenMiB, false));
    }

    @AfterAll
    static void stopIssuer() throws Exception {
        as.close();
    }

    private static URI closedPort(String path) throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return URI.create("http://127.0.0.1:" + probe.getLocalPort() + path);
        }
    }

    /** @return the verifier a case runs against */
    private static TokenVerifier verifier(String kind) throws Exception {
        JwtVerifierSettings.Builder settings = as.settings().fetchTimeout(Duration.ofMillis(500));
        return switch (kind) {
            case "jwt" -> JwtTokenVerifier.create(settings.build());
            case "jwks down" -> JwtTokenVerifier.create(settings.jwksUri(closedPort("/jwks")).build());
            case "jwks slow" -> JwtTokenVerifier.create(settings.jwksUri(URI.create(as.server.origin() + "/slow-jwks")).build());
            case "jwks 10 MiB" -> JwtTokenVerifier.create(settings.jwksUri(URI.create(as.server.origin() + "/huge-jwks")).build());
            case "introspection down" -> IntrospectionTokenVerifier.create(IntrospectionSettings.builder()
                    .issuer(as.issuer).audience(TestIssuer.AUDIENCE).clientId("rs").clientSecret("x")
                    .introspectionEndpoint(closedPort("/introspect")).build());
            default -> throw new IllegalArgumentException(kind);
        };
    }

    static Stream<Arguments> matrix() throws Exception {
        Instant now = Instant.now();
        SignedJWT hmac = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("k1")
                .type(new JOSEObjectType("at+jwt")).build(), as.claims().build());
        hmac.sign(new MACSigner(as.keys.get(0).toRSAPublicKey().getEncoded()));
        var stranger = new RSAKeyGenerator(2048).keyID("k1").generate();
        var unknown = new RSAKeyGenerator(2048).keyID("k-unknown").generate();
        JWSHeader at = new JWSHeader.Builder(JWSAlgorithm.RS256).type(new JOSEObjectType("at+jwt")).build();
        return Stream.of(
                Arguments.of("no token", "jwt", null, 401, null),
                Arguments.of("malformed header", "jwt", "Bearer a b", 400, "invalid_request"),
                Arguments.of("alg none", "jwt", "Bearer " + new PlainJWT(as.claims().build()).serialize(), 401, "invalid_token"),
                Arguments.of("HS256 with the public key", "jwt", "Bearer " + hmac.serialize(), 401, "invalid_token"),
                Arguments.of("wrong signature", "jwt", "Bearer " + TestIssuer.sign(stranger,
                        new JWSHeader.Builder(at).keyID("k1").build(), as.claims().build()), 401, "invalid_token"),
                Arguments.of("unknown kid", "jwt", "Bearer " + TestIssuer.sign(unknown,
                        new JWSHeader.Builder(at).keyID("k-unknown").build(), as.claims().build()), 401, "invalid_token"),
                Arguments.of("other audience", "jwt", "Bearer " + as.token(c -> c.audience("https://other.example.com/mcp")),
                        401, "invalid_token"),
                Arguments.of("other issuer", "jwt", "Bearer " + as.token(c -> c.issuer("https://other.example.com")),
                        401, "invalid_token"),
                Arguments.of("expired", "jwt", "Bearer " + as.token(c -> c.expirationTime(java.util.Date.from(
                        now.minusSeconds(3600)))), 401, "invalid_token"),
                Arguments.of("not yet valid", "jwt", "Bearer " + as.token(c -> c.notBeforeTime(java.util.Date.from(
                        now.plusSeconds(3600)))), 401, "invalid_token"),
                Arguments.of("missing scope", "jwt", "Bearer " + as.token(c -> c.claim("scope", "profile")), 403,
                        "insufficient_scope"),
                Arguments.of("jwks down", "jwks down", "Bearer " + as.token(), 503, null),
                Arguments.of("jwks slow", "jwks slow", "Bearer " + as.token(), 503, null),
                Arguments.of("jwks 10 MiB", "jwks 10 MiB", "Bearer " + as.token(), 503, null),
                Arguments.of("introspection down", "introspection down", "Bearer opaque", 503, null));
    }

    private static McpServer serve(TokenVerifier verifier) {
        return serve(verifier, (caller, uri) -> {
            decided.incrementAndGet();
            return true;
        });
    }

    private static McpServer serve(TokenVerifier verifier, dev.jmcp.core.auth.AuthorizationDecision decision) {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.builder("test://a", "a").mimeType("text/plain").build(), "a");
        return McpServer.builder().serverInfo("matrix", "1").resourceProvider(memory)
                .protection(ResourceProtection.builder().resource(TestIssuer.AUDIENCE).authorizationServers(List.of(as.issuer))
                        .verifier(verifier).decision(decision).build())
                .build();
    }

    private static HttpResponse<String> list(URI uri, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "resources/list")
                .POST(HttpRequest.BodyPublishers.ofString(LIST));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrix")
    void eachBadRequestGetsItsStatusAndNothingIsServed(String name, String verifier, String authorization, int status,
            String error) throws Exception {
        try (McpServer server = serve(verifier(verifier))) {
            URI uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
            decided.set(0);
            HttpResponse<String> response = list(uri, authorization);
            assertEquals(status, response.statusCode(), name + ": " + response.body());
            if (status != 503) {
                String challenge = response.headers().firstValue("WWW-Authenticate").orElseThrow();
                assertTrue(challenge.startsWith("Bearer resource_metadata=\"https://mcp.example.com/.well-known/"
                        + "oauth-protected-resource/mcp\""), challenge);
                assertTrue(error == null ? !challenge.contains("error=") : challenge.contains("error=\"" + error + "\""),
                        challenge);
            } else {
                assertTrue(response.body().contains("the token verifier " + verifier(verifier).name()
                        + " is unavailable"), response.body());
            }
            assertTrue(!response.body().contains("test://a"), "nothing served: " + response.body());
            assertEquals(0, decided.get(), "the engine never saw the request");
        }
    }

    @Test
    void aValidTokenIsServedAndA64KiBTokenIsRefusedByTheHeaderLimit() throws Exception {
        try (McpServer server = serve(verifier("jwt"))) {
            URI uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
            HttpResponse<String> served = list(uri, "Bearer " + as.token());
            assertEquals(200, served.statusCode(), served.body());
            assertTrue(served.body().contains("test://a"));
            assertTrue(decided.get() > 0);
            decided.set(0);
            try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
                socket.getOutputStream().write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
                        + "\r\nAuthorization: Bearer " + "a".repeat(64 * 1024) + "\r\nContent-Length: 0\r\n\r\n")
                        .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                String status = new String(socket.getInputStream().readNBytes(12), java.nio.charset.StandardCharsets.US_ASCII);
                assertEquals("HTTP/1.1 431", status);
            }
            assertEquals(0, decided.get());
        }
    }

    @Test
    void eachVerifiersPrincipalIsTheCallerTheDecisionSees() throws Exception {
        as.server.route("/realms/test/introspect", request -> LoopbackAuthorizationServer.Answer.json(
                request.body().startsWith("token=opaque-bob&") ? "{\"active\":true,\"sub\":\"bob\",\"scope\":"
                        + "\"resources:read\",\"aud\":\"" + TestIssuer.AUDIENCE + "\"}" : "{\"active\":false}"));
        TokenVerifier introspection = IntrospectionTokenVerifier.create(IntrospectionSettings.builder().issuer(as.issuer)
                .audience(TestIssuer.AUDIENCE).clientId("rs").clientSecret("x").build());
        dev.jmcp.core.auth.AuthorizationDecision onlyBob = (caller, uri) -> caller.principal()
                .map(p -> p.subject().equals("bob")).orElse(false);
        try (McpServer server = serve(introspection, onlyBob)) {
            URI uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
            HttpResponse<String> bob = list(uri, "Bearer opaque-bob");
            assertEquals(200, bob.statusCode(), bob.body());
            assertTrue(bob.body().contains("test://a"), bob.body());
            assertEquals(401, list(uri, "Bearer opaque-eve").statusCode());
        }
        try (McpServer server = serve(verifier("jwt"), onlyBob)) {
            URI uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
            HttpResponse<String> alice = list(uri, "Bearer " + as.token()); // alice: verified, but sees nothing
            assertEquals(200, alice.statusCode(), alice.body());
            assertTrue(!alice.body().contains("test://a"), alice.body());
            assertTrue(list(uri, "Bearer " + as.token(c -> c.subject("bob"))).body().contains("test://a"));
        }
    }

    @Test
    void theMetadataNamesTheIssuerAndTheCanonicalUri() throws Exception {
        try (McpServer server = serve(verifier("jwt"))) {
            URI uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
            HttpResponse<String> metadata = HTTP.send(HttpRequest.newBuilder(uri.resolve(
                    "/.well-known/oauth-protected-resource/mcp")).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, metadata.statusCode());
            assertTrue(metadata.body().contains("\"resource\":\"" + TestIssuer.AUDIENCE + "\""), metadata.body());
            assertTrue(metadata.body().contains("\"authorization_servers\":[\"" + as.issuer + "\"]"), metadata.body());
        }
    }
}
