package dev.jmcp.auth.keycloak;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.auth.TokenVerifier;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.function.Function;

/**
 * A jmcp server protected by Keycloak's tokens, on 127.0.0.1: two text resources, one for anyone
 * with {@code resources:read} and one that only a caller with {@code resources:admin} may see
 * (the authorization decision, with real tokens' scopes).
 */
final class ProtectedJmcpServer implements AutoCloseable {

    static final String PUBLIC = "note://jmcp/public";
    static final String PUBLIC_TEXT = "served by jmcp to resources:read";
    static final String ADMIN = "note://jmcp/admin";
    static final String ADMIN_TEXT = "served by jmcp to resources:admin only";

    private final McpServer server;
    private final McpServer.Endpoint endpoint;
    private final URI url;

    /**
     * Serves with the verifier {@code verifier} makes for the server's canonical URI (its audience),
     * after telling Keycloak to put that URI in the tokens it issues.
     */
    ProtectedJmcpServer(Keycloak keycloak, Function<URI, TokenVerifier> verifier) {
        // the audience is the URI with its port, so the port is chosen first; one that another
        // process takes in between fails the bind loudly, never a test's assertion
        url = URI.create("http://127.0.0.1:" + freePort() + "/mcp");
        keycloak.useAudience(url.toString());
        InMemoryResourceProvider notes = InMemoryResourceProvider.create("notes")
                .addText(Resource.builder(PUBLIC, "public").mimeType("text/plain").build(), PUBLIC_TEXT)
                .addText(Resource.builder(ADMIN, "admin").mimeType("text/plain").build(), ADMIN_TEXT);
        ResourceProtection protection = ResourceProtection.builder()
                .resource(url)
                .authorizationServers(java.util.List.of(keycloak.issuer()))
                .scopesSupported(java.util.List.of(Keycloak.READ_SCOPE, Keycloak.ADMIN_SCOPE))
                .verifier(verifier.apply(url))
                .decision((caller, uri) -> caller.principal().map(p -> p.hasScope(Keycloak.READ_SCOPE)
                        && (!uri.equals(ADMIN) || p.hasScope(Keycloak.ADMIN_SCOPE))).orElse(false))
                .resourceName("jmcp under test")
                .build();
        server = McpServer.builder().serverInfo("jmcp-protected", "1").resourceProvider(notes).protection(protection).build();
        endpoint = server.serve(url);
    }

    URI url() {
        return url;
    }

    @Override
    public void close() {
        endpoint.close();
        server.close();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
