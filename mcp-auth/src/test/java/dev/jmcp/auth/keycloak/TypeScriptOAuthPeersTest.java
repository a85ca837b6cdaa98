package dev.jmcp.auth.keycloak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The two TypeScript SDK v2 peers of the OAuth interop tests ({@code conformance/ts-v2-oauth-server.mjs}
 * and {@code ts-v2-oauth-client.mjs}) against Keycloak and each other, before jmcp meets them: so that
 * when jmcp fails against one of them, the peer is known to work.
 */
@ExtendWith(KeycloakExtension.class)
class TypeScriptOAuthPeersTest {

    static final Duration START = Duration.ofSeconds(60);
    static final Duration RUN = Duration.ofSeconds(120);
    static final Pattern URL = Pattern.compile("^(http://127\\.0\\.0\\.1:\\d+/mcp)$");
    static final Pattern AUTHORIZE = Pattern.compile("^AUTHORIZE (\\S+)$");

    private final HttpClient http = Http.client();

    /** Starts the TypeScript SDK v2 server protected by its own middleware, tokens introspected at Keycloak. */
    static NodePeer typeScriptServer(Keycloak keycloak, String... more) {
        List<String> args = new ArrayList<>(List.of("--issuer", keycloak.issuer().toString(),
                "--introspection-client", Keycloak.RESOURCE_SERVER_CLIENT,
                "--introspection-secret", Keycloak.RESOURCE_SERVER_SECRET, "--scope", Keycloak.READ_SCOPE));
        args.addAll(List.of(more));
        return NodePeer.start("ts-v2-oauth-server.mjs", args.toArray(String[]::new));
    }

    @Test
    void theTypeScriptServerRefusesWhatItShouldAndServesAKeycloakToken(Keycloak keycloak) {
        try (NodePeer server = typeScriptServer(keycloak)) {
            String url = server.awaitLine(URL, START).group(1);
            keycloak.useAudience(url);

            HttpResponse<String> none = ping(url, null);
            assertEquals(401, none.statusCode(), none.body());
            assertTrue(none.headers().firstValue("WWW-Authenticate").orElse("").contains("resource_metadata="),
                    none.headers().map().toString());
            HttpResponse<String> elsewhere = ping(url,
                    keycloak.clientCredentialsToken(Keycloak.ELSEWHERE_CLIENT, Keycloak.ELSEWHERE_SECRET, ""));
            assertEquals(401, elsewhere.statusCode(), elsewhere.body());
            HttpResponse<String> noScope = ping(url,
                    keycloak.clientCredentialsToken(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET, ""));
            assertEquals(403, noScope.statusCode(), noScope.body());
            assertTrue(noScope.headers().firstValue("WWW-Authenticate").orElse("").contains("insufficient_scope"));
            HttpResponse<String> good = ping(url,
                    keycloak.clientCredentialsToken(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET, Keycloak.READ_SCOPE));
            assertEquals(200, good.statusCode(), good.body() + "\n" + server.output());
        }
    }

    @Test
    void theTypeScriptClientCompletesBothFlowsAgainstTheTypeScriptServer(Keycloak keycloak) {
        try (NodePeer server = typeScriptServer(keycloak)) {
            String url = server.awaitLine(URL, START).group(1);
            keycloak.useAudience(url);

            try (NodePeer machine = NodePeer.start("ts-v2-oauth-client.mjs", "--url", url,
                    "--client-id", Keycloak.MACHINE_CLIENT, "--client-secret", Keycloak.MACHINE_SECRET,
                    "--scope", Keycloak.READ_SCOPE, "--expected-issuer", keycloak.issuer().toString())) {
                assertEquals(0, machine.waitFor(RUN), machine.output() + "\n" + server.output());
                assertTrue(machine.output().contains("READ note://ts-v2/protected protected by the TypeScript SDK v2"),
                        machine.output());
            }
            try (NodePeer user = NodePeer.start("ts-v2-oauth-client.mjs", "--url", url,
                    "--client-id", Keycloak.PUBLIC_CLIENT)) {
                URI authorize = URI.create(user.awaitLine(AUTHORIZE, RUN).group(1));
                ScriptedLogin.of(keycloak).login(authorize);
                assertEquals(0, user.waitFor(RUN), user.output() + "\n" + server.output());
                assertTrue(user.output().contains("READ note://ts-v2/protected protected by the TypeScript SDK v2"),
                        user.output());
            }
            assertTrue(server.output().contains("MCP /mcp client=" + Keycloak.PUBLIC_CLIENT), server.output());
        }
    }

    private HttpResponse<String> ping(String url, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Http.TIMEOUT)
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return Http.send(http, request.build());
    }
}
