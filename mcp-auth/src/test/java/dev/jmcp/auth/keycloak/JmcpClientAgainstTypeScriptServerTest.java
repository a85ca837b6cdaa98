package dev.jmcp.auth.keycloak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.auth.client.ClientCredentials;
import dev.jmcp.auth.client.ClientRegistration;
import dev.jmcp.auth.client.OAuthClient;
import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * jmcp's OAuth client against a server it did not write: the official TypeScript SDK v2 server
 * ({@code conformance/ts-v2-oauth-server.mjs}) protected by the SDK's own auth middleware, whose
 * authorization server is Keycloak. The client is refused, discovers Keycloak through the server's
 * metadata, obtains a token (the code flow through the scripted login, or client credentials) and
 * reads the server's resource; the server's log shows the request it let through.
 */
@ExtendWith(KeycloakExtension.class)
class JmcpClientAgainstTypeScriptServerTest {

    static final String RESOURCE = "note://ts-v2/protected";

    @Test
    void theCodeFlowThroughTheScriptedLoginReadsTheTypeScriptServersResource(Keycloak keycloak) throws Exception {
        try (NodePeer server = TypeScriptOAuthPeersTest.typeScriptServer(keycloak)) {
            URI url = URI.create(server.awaitLine(TypeScriptOAuthPeersTest.URL, TypeScriptOAuthPeersTest.START).group(1));
            keycloak.useAudience(url.toString());
            ScriptedPrompt prompt = new ScriptedPrompt(ScriptedLogin.of(keycloak));
            OAuthClient oauth = OAuthClient.builder()
                    .registration(ClientRegistration.builder().clientId(Keycloak.PUBLIC_CLIENT)
                            .issuer(keycloak.issuer().toString()).build())
                    .prompt(prompt).build();

            readsTheResource(url, oauth, server);

            assertEquals(1, prompt.shown().size(), "one login: " + prompt.shown());
            Map<String, String> asked = KeycloakHarnessTest.query(prompt.shown().get(0));
            assertEquals(url.toString(), asked.get("resource"), "RFC 8707 resource in the authorization request");
            assertTrue(asked.get("scope").contains(Keycloak.READ_SCOPE), asked.toString());
            assertTrue(server.output().contains("MCP /mcp client=" + Keycloak.PUBLIC_CLIENT), server.output());
        }
    }

    @Test
    void theClientCredentialsFlowReadsTheTypeScriptServersResource(Keycloak keycloak) throws Exception {
        try (NodePeer server = TypeScriptOAuthPeersTest.typeScriptServer(keycloak)) {
            URI url = URI.create(server.awaitLine(TypeScriptOAuthPeersTest.URL, TypeScriptOAuthPeersTest.START).group(1));
            keycloak.useAudience(url.toString());
            OAuthClient oauth = OAuthClient.builder()
                    .clientCredentials(ClientCredentials.secret(Keycloak.MACHINE_CLIENT, Keycloak.MACHINE_SECRET))
                    .build();

            readsTheResource(url, oauth, server);

            assertTrue(server.output().contains("MCP /mcp client=" + Keycloak.MACHINE_CLIENT), server.output());
        }
    }

    @Test
    void aStepUpAsksTheUserAgainForTheScopeTheServerChallengedWith(Keycloak keycloak) throws Exception {
        try (NodePeer server = TypeScriptOAuthPeersTest.typeScriptServer(keycloak, "--step-up-scope", Keycloak.ADMIN_SCOPE)) {
            URI url = URI.create(server.awaitLine(TypeScriptOAuthPeersTest.URL, TypeScriptOAuthPeersTest.START).group(1));
            keycloak.useAudience(url.toString());
            ScriptedPrompt prompt = new ScriptedPrompt(ScriptedLogin.of(keycloak));
            OAuthClient oauth = OAuthClient.builder()
                    .registration(ClientRegistration.builder().clientId(Keycloak.PUBLIC_CLIENT)
                            .issuer(keycloak.issuer().toString()).build())
                    .prompt(prompt).build();

            try (McpClient client = McpClient.connect(url, ClientOptions.builder().authorizer(oauth).build())) {
                assertEquals("protected by the TypeScript SDK v2", text(client.resources().read(RESOURCE)));
                assertEquals(1, prompt.shown().size(), prompt.shown().toString());

                // the SDK answers 403 insufficient_scope naming resources:admin; the client asks the user again
                assertEquals("only with the step-up scope", text(client.resources().read("note://ts-v2/step-up")));
            } catch (RuntimeException | Error e) {
                throw new AssertionError(e + "\n--- the TypeScript server ---\n" + server.output(), e);
            }

            assertEquals(2, prompt.shown().size(), "a second authorization for the step-up: " + prompt.shown());
            String first = KeycloakHarnessTest.query(prompt.shown().get(0)).get("scope");
            String second = KeycloakHarnessTest.query(prompt.shown().get(1)).get("scope");
            assertTrue(!first.contains(Keycloak.ADMIN_SCOPE), first);
            assertTrue(second.contains(Keycloak.READ_SCOPE) && second.contains(Keycloak.ADMIN_SCOPE), second);
        }
    }

    private static String text(ReadResourceResult read) {
        return ((TextResourceContents) read.contents().get(0)).text();
    }

    private static void readsTheResource(URI url, OAuthClient oauth, NodePeer server) {
        try (McpClient client = McpClient.connect(url, ClientOptions.builder().authorizer(oauth).build())) {
            List<Resource> resources = client.resources().listAll(10);
            assertEquals(List.of(RESOURCE), resources.stream().map(Resource::uri).toList(), server.output());
            ReadResourceResult read = client.resources().read(RESOURCE);
            assertEquals("protected by the TypeScript SDK v2", ((TextResourceContents) read.contents().get(0)).text());
        } catch (RuntimeException | Error e) {
            throw new AssertionError(e + "\n--- the TypeScript server ---\n" + server.output(), e);
        }
        assertTrue(server.output().contains("AUTH 401 POST /mcp"), "the server refused the client first\n" + server.output());
    }
}
