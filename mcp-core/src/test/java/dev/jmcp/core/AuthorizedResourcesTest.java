package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.auth.TokenVerifier;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.TextResourceContents;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The authorization decision in the resources engine, over an in-memory transport (which takes no
 * OAuth, so the decision here goes by URI alone; the principal's part is tested over HTTP): hidden
 * resources are missing from every page, pages stay full, and a hidden resource is answered as a
 * missing one, in reads, metadata, templates and updates.
 */
class AuthorizedResourcesTest {
    private final InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory");
    private McpServer server;
    private final List<McpClient> clients = new ArrayList<>();

    /** Never asked: an in-memory connection carries no token. */
    private static final TokenVerifier NEVER = new TokenVerifier() {
        @Override
        public String name() {
            return "never";
        }

        @Override
        public Principal verify(String token) {
            throw new AssertionError("an in-memory transport has no token to verify");
        }
    };

    @BeforeEach
    void start() {
        memory.addCollection(Resource.of("mem://all", "all"));
        for (int i = 0; i < 25; i++) {
            String name = String.format("%02d-%s", i, i % 3 == 0 ? "shown" : "hidden");
            memory.addText("mem://all", Resource.builder("mem://all/" + name, name).mimeType("text/plain").build(), name);
        }
        memory.addText(Resource.builder("mem://top-hidden", "top-hidden").build(), "no");
        memory.addTemplate(ResourceTemplate.of("mem://shown/{name}", "shown"), (uri, variables) ->
                List.of(TextResourceContents.of(uri, "text/plain", "shown")));
        memory.addTemplate(ResourceTemplate.of("mem://hidden/{name}", "hidden"), (uri, variables) ->
                List.of(TextResourceContents.of(uri, "text/plain", "hidden")));
        server = McpServer.builder().serverInfo("authorized", "1").resourceProvider(memory)
                .resourceSettings(ResourceSettings.builder().pageSize(4).build())
                .protection(ResourceProtection.builder().authorizationServers(List.of(URI.create("https://as.example.com")))
                        .verifier(NEVER).decision((caller, uri) -> !uri.contains("hidden")).build())
                .build();
    }

    @AfterEach
    void stop() {
        clients.forEach(McpClient::close);
        server.close();
    }

    private McpClient client(VersionNegotiation negotiation) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        McpClient client = McpClient.connect(pair.client(), ClientOptions.builder()
                .clientInfo(Implementation.of("t", "1")).versionNegotiation(negotiation).build());
        clients.add(client);
        return client;
    }

    @Test
    void aFilteredListingHasFullPagesUntilItsEnd() {
        McpClient client = client(VersionNegotiation.auto());
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            ListResourcesResult page = client.resources().children("mem://all", cursor);
            cursor = page.nextCursor();
            if (cursor != null) {
                assertEquals(4, page.resources().size(), "only the last page is short");
            }
            page.resources().forEach(r -> seen.add(r.name()));
            pages++;
        } while (cursor != null && pages < 20);
        assertEquals(List.of("00-shown", "03-shown", "06-shown", "09-shown", "12-shown", "15-shown", "18-shown",
                "21-shown", "24-shown"), seen);
        assertEquals(List.of("mem://all"), client.resources().listAll(5).stream().map(Resource::uri).toList());
    }

    @Test
    void aHiddenResourceIsAnsweredAsAMissingOne() {
        McpClient client = client(VersionNegotiation.auto());
        assertEquals("00-shown", ((TextResourceContents) client.resources().read("mem://all/00-shown").contents().get(0))
                .text());
        for (String method : List.of("read", "metadata", "children")) {
            ProtocolException hidden = Harness.protocolError(() -> call(client, method, "mem://all/01-hidden"));
            ProtocolException missing = Harness.protocolError(() -> call(client, method, "mem://all/99-absent"));
            assertEquals(missing.code(), hidden.code(), method);
            assertEquals(missing.getMessage().replace("mem://all/99-absent", "X"),
                    hidden.getMessage().replace("mem://all/01-hidden", "X"), method);
        }
        assertEquals(List.of("mem://shown/{name}"), client.resources().templates().resourceTemplates().stream()
                .map(ResourceTemplate::uriTemplate).toList());
        assertTrue(Harness.protocolError(() -> client.resources().read("mem://hidden/x")).getMessage().contains("not found"));
        assertEquals("shown", ((TextResourceContents) client.resources().read("mem://shown/x").contents().get(0)).text());
    }

    private static void call(McpClient client, String method, String uri) {
        switch (method) {
            case "read" -> client.resources().read(uri);
            case "metadata" -> client.resources().metadata(uri);
            default -> client.resources().children(uri, null);
        }
    }

    /** A session subscribes with resources/subscribe; a stateless client listens with subscriptions/listen. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void aSubscriberOfACollectionHearsNothingOfItsHiddenChildren(String era) throws Exception {
        McpClient client = client(era.equals("session") ? VersionNegotiation.handshake() : VersionNegotiation.auto());
        List<String> updates = new CopyOnWriteArrayList<>();
        client.resources().subscribe("mem://all", updates::add);
        memory.update("mem://all/01-hidden", "changed");
        memory.update("mem://all/03-shown", "changed"); // the barrier: sent after the hidden one would have been
        Harness.await("the update of the shown child", () -> updates.contains("mem://all/03-shown"));
        assertEquals(List.of("mem://all/03-shown"), updates);
        // subscribing to a hidden resource goes as subscribing to a missing one: refused in a session,
        // taken by a listen (which never checks that a URI exists)
        String hidden = refusal(() -> client.resources().subscribe("mem://all/01-hidden", updates::add));
        String missing = refusal(() -> client.resources().subscribe("mem://all/99-absent", updates::add));
        assertEquals(missing.replace("mem://all/99-absent", "X"), hidden.replace("mem://all/01-hidden", "X"));
        assertEquals(era.equals("session"), hidden.contains("not found"), hidden);
    }

    /** @return the refusal's message; "taken" when there was none */
    private static String refusal(Runnable call) {
        try {
            call.run();
            return "taken";
        } catch (ProtocolException e) {
            return e.getMessage();
        }
    }
}
