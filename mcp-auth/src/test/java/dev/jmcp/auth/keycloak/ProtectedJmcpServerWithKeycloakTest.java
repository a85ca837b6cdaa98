package dev.jmcp.auth.keycloak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.auth.client.ClientCredentials;
import dev.jmcp.auth.client.ClientRegistration;
import dev.jmcp.auth.client.OAuthClient;
import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.spi.HttpAuthorizer;
import dev.jmcp.core.spi.HttpChallenge;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * jmcp's protected server with the JWT verifier pointed at Keycloak's issuer, over real sockets: the
 * tokens Keycloak issues are accepted and their scopes decide what is seen; a token for another
 * audience and an expired one are refused with 401 {@code invalid_token}; a token without the
 * required scope gets 403 {@code insufficient_scope} and a new token with it is served (a step-up);
 * and jmcp's own client completes the code flow (the scripted login through its prompt) and the
 * client credentials flow against it.
 */
@ExtendWith(KeycloakExtension.class)
class ProtectedJmcpServerWithKeycloakTest {

    /** a request any era of jmcp serves once the token is accepted */
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

    private final HttpClient http = Http.client();

    @Test
    void keycloakTokensAreAcceptedAndTheirScopesDecideWhatIsSeen(Keycloak keycloak) {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.jwt(keycloak, audience))) {
            String reader = keycloak.clientCredentialsToken(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET, Keycloak.READ_SCOPE);
            try (McpClient client = McpClient.connect(server.url(), withToken(reader))) {
                assertEquals(List.of(ProtectedJmcpServer.PUBLIC), uris(client));
                assertEquals(ProtectedJmcpServer.PUBLIC_TEXT, text(client, ProtectedJmcpServer.PUBLIC));
                // a resource the caller may not see is one that does not exist
                assertThrows(RuntimeException.class, () -> client.resources().read(ProtectedJmcpServer.ADMIN));
            }
            String admin = keycloak.clientCredentialsToken(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET,
                    Keycloak.READ_SCOPE + " " + Keycloak.ADMIN_SCOPE);
            try (McpClient client = McpClient.connect(server.url(), withToken(admin))) {
                assertEquals(List.of(ProtectedJmcpServer.ADMIN, ProtectedJmcpServer.PUBLIC), uris(client).stream().sorted().toList());
                assertEquals(ProtectedJmcpServer.ADMIN_TEXT, text(client, ProtectedJmcpServer.ADMIN));
            }
        }
    }

    @Test
    void aTokenForAnotherAudienceIsRefused(Keycloak keycloak) {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.jwt(keycloak, audience))) {
            String elsewhere = keycloak.clientCredentialsToken(Keycloak.ELSEWHERE_CLIENT, Keycloak.ELSEWHERE_SECRET, "");

            HttpResponse<String> refused = post(server.url(), elsewhere);

            assertEquals(401, refused.statusCode(), refused.body());
            assertTrue(challenge(refused).contains("error=\"invalid_token\""), challenge(refused));
            assertEquals(200, post(server.url(), keycloak.clientCredentialsToken(Keycloak.MACHINE_CLIENT,
                    Keycloak.MACHINE_SECRET, Keycloak.READ_SCOPE)).statusCode(), "the same server takes its own audience");
        }
    }

    @Test
    void theIntrospectionVerifierAcceptsKeycloakTokensAndRefusesAnotherAudience(Keycloak keycloak) {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.introspection(keycloak, audience))) {
            String reader = keycloak.clientCredentialsToken(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET, Keycloak.READ_SCOPE);
            try (McpClient client = McpClient.connect(server.url(), withToken(reader))) {
                assertEquals(List.of(ProtectedJmcpServer.PUBLIC), uris(client));
            }
            HttpResponse<String> elsewhere = post(server.url(),
                    keycloak.clientCredentialsToken(Keycloak.ELSEWHERE_CLIENT, Keycloak.ELSEWHERE_SECRET, ""));
            assertEquals(401, elsewhere.statusCode(), elsewhere.body());
            assertTrue(challenge(elsewhere).contains("error=\"invalid_token\""), challenge(elsewhere));
        }
    }

    @Test
    void aTokenIsRefusedOnceItHasExpired(Keycloak keycloak) throws Exception {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.jwt(keycloak, audience))) {
            String token = keycloak.clientCredentialsToken(Keycloak.SHORT_CLIENT, Keycloak.SHORT_SECRET, "");
            assertEquals(200, post(server.url(), token).statusCode(), "accepted while it lives");

            // the token lives SHORT_LIFESPAN_SECONDS; the verifier allows its clock skew on top
            Instant deadline = Instant.now().plusSeconds(Keycloak.SHORT_LIFESPAN_SECONDS)
                    .plus(KeycloakVerifiers.CLOCK_SKEW).plusSeconds(30);
            HttpResponse<String> answer = post(server.url(), token);
            while (answer.statusCode() == 200 && Instant.now().isBefore(deadline)) {
                Thread.sleep(250); // the poll's interval: the verifier's clock has nothing to wait on
                answer = post(server.url(), token);
            }

            assertEquals(401, answer.statusCode(), answer.body());
            assertTrue(challenge(answer).contains("error=\"invalid_token\""), challenge(answer));
        }
    }

    @Test
    void aMissingScopeIsForbiddenAndANewTokenWithTheScopeIsServed(Keycloak keycloak) {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.jwt(keycloak, audience))) {
            String noScope = keycloak.clientCredentialsToken(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET, "");

            HttpResponse<String> forbidden = post(server.url(), noScope);

            assertEquals(403, forbidden.statusCode(), forbidden.body());
            assertTrue(challenge(forbidden).contains("error=\"insufficient_scope\""), challenge(forbidden));
            assertTrue(challenge(forbidden).contains(Keycloak.READ_SCOPE), challenge(forbidden));
            String stepUp = keycloak.clientCredentialsToken(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET, Keycloak.READ_SCOPE);
            assertEquals(200, post(server.url(), stepUp).statusCode());
        }
    }

    @Test
    void jmcpsClientCompletesTheCodeFlowThroughItsPromptAndReads(Keycloak keycloak) {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.jwt(keycloak, audience))) {
            ScriptedPrompt prompt = new ScriptedPrompt(ScriptedLogin.of(keycloak));
            OAuthClient oauth = OAuthClient.builder()
                    .registration(ClientRegistration.builder().clientId(Keycloak.PUBLIC_CLIENT)
                            .issuer(keycloak.issuer().toString()).build())
                    .prompt(prompt).build();

            try (McpClient client = McpClient.connect(server.url(), ClientOptions.builder().authorizer(oauth).build())) {
                assertEquals(List.of(ProtectedJmcpServer.PUBLIC), uris(client));
                assertEquals(ProtectedJmcpServer.PUBLIC_TEXT, text(client, ProtectedJmcpServer.PUBLIC));
            }

            assertEquals(1, prompt.shown().size(), prompt.shown().toString());
            Map<String, String> asked = KeycloakHarnessTest.query(prompt.shown().get(0));
            assertEquals(server.url().toString(), asked.get("resource"));
            assertEquals("S256", asked.get("code_challenge_method"));
        }
    }

    @Test
    void jmcpsClientCompletesTheClientCredentialsFlowAndReads(Keycloak keycloak) {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.jwt(keycloak, audience))) {
            OAuthClient oauth = OAuthClient.builder()
                    .clientCredentials(ClientCredentials.secret(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET)).build();

            try (McpClient client = McpClient.connect(server.url(), ClientOptions.builder().authorizer(oauth).build())) {
                assertEquals(List.of(ProtectedJmcpServer.PUBLIC), uris(client));
                assertEquals(ProtectedJmcpServer.PUBLIC_TEXT, text(client, ProtectedJmcpServer.PUBLIC));
            }
        }
    }

    /** A client that sends one token and never gets another. */
    static ClientOptions withToken(String token) {
        return ClientOptions.builder().authorizer(new HttpAuthorizer() {
            @Override
            public String authorization(URI resource) {
                return "Bearer " + token;
            }

            @Override
            public boolean challenged(HttpChallenge challenge) {
                return false;
            }
        }).build();
    }

    static List<String> uris(McpClient client) {
        return client.resources().listAll(10).stream().map(Resource::uri).toList();
    }

    static String text(McpClient client, String uri) {
        return ((TextResourceContents) client.resources().read(uri).contents().get(0)).text();
    }

    private HttpResponse<String> post(URI url, String token) {
        return Http.send(http, HttpRequest.newBuilder(url).timeout(Http.TIMEOUT)
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE)).build());
    }

    private static String challenge(HttpResponse<String> response) {
        return response.headers().firstValue("WWW-Authenticate").orElse("(no WWW-Authenticate)");
    }

}
