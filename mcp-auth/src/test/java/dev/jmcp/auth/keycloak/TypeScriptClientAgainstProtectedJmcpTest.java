package dev.jmcp.auth.keycloak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The official TypeScript SDK v2 client with its OAuth support ({@code conformance/ts-v2-oauth-client.mjs})
 * against jmcp's protected server, Keycloak the authorization server: refused first, it finds Keycloak
 * through jmcp's RFC 9728 metadata, obtains a token (the code flow through the scripted login, or
 * client credentials) and reads what its scopes let it see.
 */
@ExtendWith(KeycloakExtension.class)
class TypeScriptClientAgainstProtectedJmcpTest {

    static final String READ_PUBLIC = "READ " + ProtectedJmcpServer.PUBLIC + " " + ProtectedJmcpServer.PUBLIC_TEXT;

    @Test
    void theTypeScriptClientCompletesTheCodeFlowAgainstJmcp(Keycloak keycloak) {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.jwt(keycloak, audience));
             NodePeer client = NodePeer.start("ts-v2-oauth-client.mjs", "--url", server.url().toString(),
                     "--client-id", Keycloak.PUBLIC_CLIENT)) {
            URI authorize = URI.create(client.awaitLine(TypeScriptOAuthPeersTest.AUTHORIZE, TypeScriptOAuthPeersTest.RUN).group(1));
            assertEquals(server.url().toString(), KeycloakHarnessTest.query(authorize).get("resource"),
                    "the resource the client found in jmcp's metadata");
            ScriptedLogin.of(keycloak).login(authorize);

            assertEquals(0, client.waitFor(TypeScriptOAuthPeersTest.RUN), client.output());
            assertTrue(client.output().contains(READ_PUBLIC), client.output());
            assertTrue(client.output().contains("DONE 1"), client.output());
        }
    }

    @Test
    void theTypeScriptClientCompletesTheClientCredentialsFlowAgainstJmcp(Keycloak keycloak) {
        try (ProtectedJmcpServer server = new ProtectedJmcpServer(keycloak, audience -> KeycloakVerifiers.jwt(keycloak, audience));
             NodePeer client = NodePeer.start("ts-v2-oauth-client.mjs", "--url", server.url().toString(),
                     "--client-id", Keycloak.MACHINE_CLIENT, "--client-secret", Keycloak.MACHINE_SECRET,
                     "--scope", Keycloak.READ_SCOPE,
                     "--expected-issuer", keycloak.issuer().toString())) {
            assertEquals(0, client.waitFor(TypeScriptOAuthPeersTest.RUN), client.output());
            assertTrue(client.output().contains(READ_PUBLIC), client.output());
            // the SDK asks for the scope of jmcp's challenge, resources:read, which does not show the admin note
            assertTrue(client.output().contains("DONE 1"), client.output());
            assertFalse(client.output().contains("AUTHORIZE"), client.output());
        }
    }
}
