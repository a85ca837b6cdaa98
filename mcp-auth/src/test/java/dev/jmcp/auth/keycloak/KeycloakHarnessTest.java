package dev.jmcp.auth.keycloak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The harness against Keycloak alone, before any jmcp code is involved: the realm file gives the tokens
 * the other Keycloak tests count on (issuer, audience, scopes, RFC 9068 JWTs signed with the realm's
 * keys), and the scripted login completes an authorization code flow with PKCE S256 through a loopback
 * redirect.
 */
@ExtendWith(KeycloakExtension.class)
class KeycloakHarnessTest {

    private final HttpClient http = Http.client();

    @Test
    void clientCredentialsTokenNamesTheIssuerTheAudienceAndOnlyTheScopesAskedFor(Keycloak keycloak) throws Exception {
        String audience = freshAudience();
        keycloak.useAudience(audience);

        JsonObject response = keycloak.clientCredentials(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET, Keycloak.READ_SCOPE);
        JWTClaimsSet claims = verified(keycloak, response.getString("access_token"));

        assertEquals(keycloak.issuer().toString(), claims.getIssuer());
        assertEquals(java.util.Set.of(audience, Keycloak.RESOURCE_SERVER_CLIENT), java.util.Set.copyOf(claims.getAudience()));
        assertEquals(List.of(Keycloak.READ_SCOPE), scopes(claims));
        assertEquals(Keycloak.MACHINE_CLIENT, claims.getStringClaim("azp"));
        assertNotNull(claims.getSubject());
    }

    @Test
    void theOtherClientsTokensAreForAnotherAudienceOrLiveTwoSeconds(Keycloak keycloak) throws Exception {
        JWTClaimsSet elsewhere = verified(keycloak,
                keycloak.clientCredentialsToken(Keycloak.ELSEWHERE_CLIENT, Keycloak.ELSEWHERE_SECRET, ""));
        assertEquals(List.of(Keycloak.ELSEWHERE_AUDIENCE), elsewhere.getAudience());
        assertEquals(List.of(Keycloak.READ_SCOPE), scopes(elsewhere));

        JWTClaimsSet short_ = verified(keycloak, keycloak.clientCredentialsToken(Keycloak.SHORT_CLIENT, Keycloak.SHORT_SECRET, ""));
        long lifespan = short_.getExpirationTime().toInstant().getEpochSecond() - short_.getIssueTime().toInstant().getEpochSecond();
        assertEquals(Keycloak.SHORT_LIFESPAN_SECONDS, lifespan);
    }

    @Test
    void scriptedLoginCompletesTheCodeFlowWithPkceThroughALoopbackRedirect(Keycloak keycloak) throws Exception {
        String audience = freshAudience();
        keycloak.useAudience(audience);
        Pkce pkce = Pkce.create();
        String state = UUID.randomUUID().toString();
        String scope = Keycloak.READ_SCOPE + " " + Keycloak.ADMIN_SCOPE;
        try (LoopbackRedirect redirect = new LoopbackRedirect()) {
            URI callback = ScriptedLogin.of(keycloak).login(authorizationUrl(keycloak, redirect.redirectUri(), pkce, state, scope));

            assertEquals(callback, redirect.await(Duration.ofSeconds(10)), "the browser requested the loopback redirect");
            Map<String, String> query = query(callback);
            assertEquals(state, query.get("state"));
            assertEquals(keycloak.issuer().toString(), query.get("iss"), "RFC 9207 iss in the authorization response");
            String code = query.get("code");
            assertNotNull(code, "code in " + callback);

            JsonObject tokens = Http.object(http, Http.post(keycloak.tokenEndpoint(), Map.of(
                    "grant_type", "authorization_code", "code", code, "redirect_uri", redirect.redirectUri().toString(),
                    "client_id", Keycloak.PUBLIC_CLIENT, "code_verifier", pkce.verifier())).build());
            JWTClaimsSet claims = verified(keycloak, tokens.getString("access_token"));

            assertEquals(keycloak.issuer().toString(), claims.getIssuer());
            assertEquals(java.util.Set.of(audience, Keycloak.RESOURCE_SERVER_CLIENT), java.util.Set.copyOf(claims.getAudience()));
            assertEquals(List.of(Keycloak.READ_SCOPE, Keycloak.ADMIN_SCOPE), scopes(claims).stream().sorted(
                    (a, b) -> a.equals(Keycloak.READ_SCOPE) ? -1 : b.equals(Keycloak.READ_SCOPE) ? 1 : a.compareTo(b)).toList());
            assertEquals(Keycloak.USER, claims.getStringClaim("preferred_username"));
            assertTrue(tokens.containsKey("refresh_token"), "a refresh token for the user's client");
        }
    }

    @Test
    void aCodeExchangedWithTheWrongVerifierIsRefused(Keycloak keycloak) throws Exception {
        Pkce pkce = Pkce.create();
        try (LoopbackRedirect redirect = new LoopbackRedirect()) {
            URI callback = ScriptedLogin.of(keycloak).login(
                    authorizationUrl(keycloak, redirect.redirectUri(), pkce, "s", Keycloak.READ_SCOPE));
            HttpResponse<String> refused = Http.send(http, Http.post(keycloak.tokenEndpoint(), Map.of(
                    "grant_type", "authorization_code", "code", query(callback).get("code"),
                    "redirect_uri", redirect.redirectUri().toString(), "client_id", Keycloak.PUBLIC_CLIENT,
                    "code_verifier", Pkce.create().verifier())).build());

            assertEquals(400, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("invalid_grant"), refused.body());
        }
    }

    @Test
    void theRealmPublishesWhatAnMcpClientNeedsInItsMetadata(Keycloak keycloak) {
        JsonObject metadata = Http.object(http, java.net.http.HttpRequest.newBuilder(
                URI.create(keycloak.issuer() + "/.well-known/openid-configuration")).build());

        assertEquals(keycloak.issuer().toString(), metadata.getString("issuer"));
        assertTrue(metadata.getJsonArray("code_challenge_methods_supported").getValuesAs(jakarta.json.JsonString::getString).contains("S256"));
        assertTrue(metadata.getBoolean("authorization_response_iss_parameter_supported"));
        List<String> scopes = metadata.getJsonArray("scopes_supported").getValuesAs(jakarta.json.JsonString::getString);
        assertTrue(scopes.containsAll(List.of(Keycloak.READ_SCOPE, Keycloak.ADMIN_SCOPE)), scopes.toString());
    }

    /** an audience no earlier test set, so that the one in the token is the one this test asked for */
    static String freshAudience() {
        return "http://127.0.0.1:9/mcp/" + UUID.randomUUID();
    }

    static URI authorizationUrl(Keycloak keycloak, URI redirectUri, Pkce pkce, String state, String scope) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", Keycloak.PUBLIC_CLIENT);
        query.put("redirect_uri", redirectUri.toString());
        query.put("scope", scope);
        query.put("state", state);
        query.put("code_challenge", pkce.challenge());
        query.put("code_challenge_method", "S256");
        return URI.create(keycloak.authorizationEndpoint() + "?" + Http.form(query));
    }

    /** The token's claims, once its signature is checked with the realm's published keys and its type is RFC 9068's. */
    static JWTClaimsSet verified(Keycloak keycloak, String token) throws Exception {
        SignedJWT jwt = SignedJWT.parse(token);
        assertEquals(new JOSEObjectType("at+jwt"), jwt.getHeader().getType(), "RFC 9068 typ");
        JWKSet keys = JWKSet.load(URI.create(keycloak.issuer() + "/protocol/openid-connect/certs").toURL());
        assertTrue(jwt.verify(new RSASSAVerifier(keys.getKeyByKeyId(jwt.getHeader().getKeyID()).toRSAKey())),
                "signed with the realm's key");
        return jwt.getJWTClaimsSet();
    }

    static List<String> scopes(JWTClaimsSet claims) throws java.text.ParseException {
        String scope = claims.getStringClaim("scope");
        return scope == null || scope.isBlank() ? List.of() : Arrays.asList(scope.trim().split(" +"));
    }

    static Map<String, String> query(URI uri) {
        return Arrays.stream(uri.getRawQuery().split("&"))
                .map(pair -> pair.split("=", 2))
                .collect(Collectors.toMap(p -> decode(p[0]), p -> p.length > 1 ? decode(p[1]) : ""));
    }

    private static String decode(String value) {
        return java.net.URLDecoder.decode(value, java.nio.charset.StandardCharsets.UTF_8);
    }
}
