package dev.jmcp.auth.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.HttpChallenge;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link OAuthClient} against a small authorization server on loopback, good and misbehaving. */
class OAuthClientTest {
    private TestAuthorizationServer as;

    @BeforeEach
    void start() throws Exception {
        as = new TestAuthorizationServer();
    }

    @AfterEach
    void stop() {
        as.close();
    }

    private HttpChallenge unauthorized(String params) {
        return new HttpChallenge(as.mcp(), 401, List.of("Bearer resource_metadata=\"" + as.prmUrl() + "\"" + params), 1);
    }

    private OAuthClient client(AuthorizationPrompt prompt) {
        return OAuthClient.builder().prompt(prompt).build();
    }

    @Test
    void aChallengeRunsTheCodeFlowWithPkceAndResourceAndTheTokenIsSentAfter() throws Exception {
        OAuthClient oauth = client(new FollowingPrompt());
        assertNull(oauth.authorization(as.mcp()), "no token before the server asked");

        assertTrue(oauth.challenged(unauthorized(", scope=\"read\"")));

        assertEquals("Bearer token-1", oauth.authorization(as.mcp()));
        Map<String, String> authorize = as.authorizeQueries.get(0);
        assertEquals("S256", authorize.get("code_challenge_method"));
        assertEquals(as.mcp().toString(), authorize.get("resource"));
        assertEquals("dynamic-client", authorize.get("client_id"), "registered dynamically");
        // offline_access: the authorization server lists it, and a refresh token is wanted
        assertEquals("read offline_access", authorize.get("scope"));
        Map<String, String> token = as.tokenForms.get(0);
        assertEquals("authorization_code", token.get("grant_type"));
        assertEquals(as.mcp().toString(), token.get("resource"));
        assertEquals("the-code", token.get("code"));
    }

    @Test
    void anIssThatIsNotTheIssuersIsRefusedAndTheCodeIsNeverSent() {
        as.iss = issuer -> "https://evil.example.com";
        OAuthClient oauth = client(new FollowingPrompt());

        OAuthException refused = assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));

        assertTrue(refused.getMessage().contains("iss https://evil.example.com"), refused.getMessage());
        assertTrue(as.tokenForms.isEmpty(), "the code went to the token endpoint");
        assertNull(oauth.authorization(as.mcp()));
    }

    @Test
    void anIssWithATrailingSlashIsAnotherIssuer() {
        as.iss = issuer -> issuer + "/";
        OAuthClient oauth = client(new FollowingPrompt());

        assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));
        assertTrue(as.tokenForms.isEmpty());
    }

    @Test
    void aMissingIssIsRefusedWhenTheServerSaysItSendsOne() {
        as.iss = issuer -> null;
        OAuthClient oauth = client(new FollowingPrompt());

        OAuthException refused = assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));
        assertTrue(refused.getMessage().contains("RFC 9207"), refused.getMessage());
        assertTrue(as.tokenForms.isEmpty());
    }

    @Test
    void aMissingIssIsAcceptedWhenTheServerDoesNotSendOne() throws Exception {
        as.iss = issuer -> null;
        as.issSupported = false;
        OAuthClient oauth = client(new FollowingPrompt());

        assertTrue(oauth.challenged(unauthorized("")));
        assertEquals("Bearer token-1", oauth.authorization(as.mcp()));
    }

    @Test
    void aRedirectWithAForgedStateIsRefused() {
        OAuthClient oauth = client(new FollowingPrompt(
                redirect -> URI.create(redirect.toString().replaceFirst("state=[^&]*", "state=forged"))));

        OAuthException refused = assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));

        assertTrue(refused.getMessage().contains("state"), refused.getMessage());
        assertTrue(as.tokenForms.isEmpty(), "a forged redirect's code was exchanged");
    }

    @Test
    void aTokenEndpointThatAnswersJunkFailsNamingIt() {
        as.tokenJunk = "<html>oops</html>";
        OAuthClient oauth = client(new FollowingPrompt());

        OAuthException refused = assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));

        assertTrue(refused.getMessage().contains("is not JSON"), refused.getMessage());
        assertNull(oauth.authorization(as.mcp()));
    }

    @Test
    void aTokenAnswerWithoutAnAccessTokenOrOfAnotherTypeIsRefused() {
        OAuthClient oauth = client(new FollowingPrompt());
        as.tokenJunk = "{\"token_type\":\"Bearer\"}";
        assertTrue(assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized(""))).getMessage()
                .contains("no access_token"));
        as.tokenJunk = "{\"access_token\":\"x\",\"token_type\":\"MAC\"}";
        assertTrue(assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized(""))).getMessage()
                .contains("token_type MAC"));
        as.tokenJunk = "{\"error\":\"invalid_grant\"}";
        as.tokenJunkStatus = 400;
        assertTrue(assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized(""))).getMessage()
                .contains("HTTP 400"));
    }

    @Test
    void anAuthorizationServerWithoutS256IsRefusedBeforeTheUserIsAsked() {
        as.challengeMethods = List.of("plain");
        FollowingPrompt prompt = new FollowingPrompt();
        OAuthClient oauth = client(prompt);

        OAuthException refused = assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));

        assertTrue(refused.getMessage().contains("S256"), refused.getMessage());
        assertEquals(0, prompt.prompts.get());
        assertFalse(as.requests.contains("GET /authorize"));
    }

    @Test
    void metadataForAnotherResourceIsRefusedBeforeAuthorizing() {
        as.prmResource = "https://evil.example.com/mcp";
        OAuthClient oauth = client(new FollowingPrompt());

        OAuthException refused = assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));

        assertTrue(refused.getMessage().contains("evil.example.com"), refused.getMessage());
        assertFalse(as.requests.contains("GET /authorize"));
    }

    @Test
    void authorizationServerMetadataWithAnotherIssuerIsNotUsed() {
        as.metadataIssuer = "https://attacker.example.com";
        OAuthClient oauth = client(new FollowingPrompt());

        OAuthException refused = assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));

        assertTrue(refused.getMessage().contains("RFC 8414"), refused.getMessage());
        assertFalse(as.requests.contains("POST /register"));
    }

    @Test
    void aStepUpAsksForTheUnionOfScopesAndAStepUpForScopesHeldIsDeclined() throws Exception {
        OAuthClient oauth = OAuthClient.builder().prompt(new FollowingPrompt()).refreshTokens(false).build();
        assertTrue(oauth.challenged(unauthorized(", scope=\"read\"")));

        HttpChallenge insufficient = new HttpChallenge(as.mcp(), 403, List.of("Bearer error=\"insufficient_scope\", "
                + "scope=\"write\", resource_metadata=\"" + as.prmUrl() + "\""), 1);
        assertTrue(oauth.challenged(insufficient));
        assertEquals("read write", as.authorizeQueries.get(1).get("scope"));
        assertEquals("Bearer token-2", oauth.authorization(as.mcp()));

        assertFalse(oauth.challenged(insufficient), "asked again for a scope the token has");
        assertEquals(2, as.authorizeQueries.size());
    }

    @Test
    void aRequestIsReauthorizedAtMostMaxAuthorizationsPerRequestTimes() throws Exception {
        OAuthClient oauth = OAuthClient.builder().prompt(new FollowingPrompt())
                .settings(OAuthSettings.builder().maxAuthorizationsPerRequest(2).build()).build();

        assertFalse(oauth.challenged(new HttpChallenge(as.mcp(), 401, List.of(), 3)));
        assertTrue(as.requests.isEmpty(), "the third refusal of one request started a flow");
    }

    @Test
    void aForbiddenThatIsNotAboutScopeIsNotAuthorizedAgain() throws Exception {
        OAuthClient oauth = client(new FollowingPrompt());
        assertFalse(oauth.challenged(new HttpChallenge(as.mcp(), 403, List.of("Bearer error=\"invalid_token\""), 1)));
        assertTrue(as.requests.isEmpty());
    }

    @Test
    void anExpiredTokenIsNotSentAndTheServers401HasItRefreshed() throws Exception {
        TokenStore store = TokenStore.inMemory();
        store.save(as.mcp().toString(), new StoredAuthorization(as.base, "dynamic-client", null, "none", null, "old",
                "refresh-0", Instant.now().plusSeconds(5), "read")); // within expirySkew (30 s)
        OAuthClient oauth = OAuthClient.builder().tokenStore(store).build(); // no prompt: only a refresh can do

        assertNull(oauth.authorization(as.mcp()));
        assertTrue(oauth.challenged(unauthorized("")));

        assertEquals("Bearer token-1", oauth.authorization(as.mcp()));
        Map<String, String> form = as.tokenForms.get(0);
        assertEquals("refresh_token", form.get("grant_type"));
        assertEquals("refresh-0", form.get("refresh_token"));
        assertEquals(as.mcp().toString(), form.get("resource"));
        assertEquals("refresh-1", store.load(as.mcp().toString()).refreshToken());
        assertFalse(as.requests.contains("GET /authorize"));
    }

    @Test
    void aStoredAuthorizationFromAnotherIssuerIsNotReused() throws Exception {
        TokenStore store = TokenStore.inMemory();
        store.save(as.mcp().toString(), new StoredAuthorization("https://old-issuer.example.com", "old-client", "s3cret",
                "client_secret_basic", null, "old", "old-refresh", null, "read"));
        OAuthClient oauth = OAuthClient.builder().tokenStore(store).prompt(new FollowingPrompt()).build();

        assertTrue(oauth.challenged(unauthorized("")));

        assertEquals("dynamic-client", as.authorizeQueries.get(0).get("client_id"));
        assertFalse(as.tokenForms.get(0).containsValue("old-refresh"));
        assertEquals(as.base, store.load(as.mcp().toString()).issuer());
    }

    @Test
    void aPreRegisteredConfidentialClientAuthenticatesWithBasic() throws Exception {
        OAuthClient oauth = OAuthClient.builder().prompt(new FollowingPrompt())
                .registration(ClientRegistration.builder().clientId("pre id").clientSecret("p&ss").build()).build();

        assertTrue(oauth.challenged(unauthorized("")));

        assertFalse(as.requests.contains("POST /register"));
        // RFC 6749 section 2.3.1: each part form-encoded before Base64
        assertEquals("Basic " + java.util.Base64.getEncoder().encodeToString("pre+id:p%26ss".getBytes()),
                as.tokenAuthorizationHeaders.get(0));
    }

    @Test
    void aMachineClientUsesTheClientCredentialsGrant() throws Exception {
        OAuthClient oauth = OAuthClient.builder().clientCredentials(ClientCredentials.secret("machine", "secret")).build();

        assertTrue(oauth.challenged(unauthorized(", scope=\"read\"")));

        Map<String, String> form = as.tokenForms.get(0);
        assertEquals("client_credentials", form.get("grant_type"));
        assertEquals("read", form.get("scope"), "no offline_access for a machine client");
        assertEquals(as.mcp().toString(), form.get("resource"));
        assertFalse(as.requests.contains("GET /authorize"));
        assertEquals("Bearer token-1", oauth.authorization(as.mcp()));
    }

    @Test
    void withoutAPromptAUserFlowFailsSayingSo() {
        OAuthClient oauth = OAuthClient.builder().build();
        OAuthException refused = assertThrows(OAuthException.class, () -> oauth.challenged(unauthorized("")));
        assertTrue(refused.getMessage().contains("AuthorizationPrompt"), refused.getMessage());
    }
}
