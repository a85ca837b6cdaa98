package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.Negotiation;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@link McpClient} and {@link ClientSession} choose the revision against real server processes
 * over stdio: jmcp's own server (both eras) gets {@code server/discover} and is spoken to
 * statelessly; a server of the {@code initialize} revisions, which refuses the probe or never
 * answers it, gets {@code initialize}, as before.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClientNegotiationOverStdioTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String LOG_LINE = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
            + "\"params\":{\"level\":\"debug\",\"data\":\"not an answer\"}}";
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":{\"protocolVersion\":"
            + "\"2025-11-25\",\"capabilities\":{\"resources\":{}},\"serverInfo\":{\"name\":\"old-server\","
            + "\"version\":\"1\"}}}";
    private static final String ONE_RESOURCE = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":{\"resources\":"
            + "[{\"uri\":\"old://a\",\"name\":\"a\"}]}}";

    @TempDir
    Path dir;

    private URI statelessServer() throws Exception {
        Path root = dir.toRealPath();
        Files.writeString(root.resolve("notes.txt"), "héllo\n", StandardCharsets.UTF_8);
        Files.createDirectories(root.resolve("sub"));
        Files.writeString(root.resolve("sub/inner.txt"), "inner", StandardCharsets.UTF_8);
        return StdioTargets.uriOf(ChildProcesses.java(StatelessServerMain.class, root.toString()));
    }

    private static ClientOptions options() {
        return ClientOptions.builder().callTimeout(WAIT).clientInfo(Implementation.of("negotiation-test", "1")).build();
    }

    @Test
    void jmcpsOwnServerIsSpokenToStatelesslyAndResourcesWorkAsInASession() throws Exception {
        Path root = dir.toRealPath();
        try (McpClient client = McpClient.connect(statelessServer(), options())) {
            Negotiation negotiation = client.negotiation();
            assertEquals("2026-07-28", client.protocolVersion());
            assertTrue(negotiation.isStateless(), negotiation::toString);
            assertTrue(negotiation.reason().startsWith("server/discover offered [2026-07-28"), negotiation::toString);
            assertEquals("stateless-server", client.serverInfo().name(), "from the discover result's _meta");
            assertTrue(client.serverCapabilities().resources() != null);

            String notes = StatelessOverStdioTest.uri(root.resolve("notes.txt"));
            String sub = StatelessOverStdioTest.uri(root.resolve("sub"));
            List<String> top = client.resources().listAll(10).stream().map(Resource::uri).toList();
            assertEquals(List.of(notes, sub), top);
            List<String> children = client.resources().listAllChildren(sub, 10).stream().map(Resource::uri).toList();
            assertEquals(List.of(StatelessOverStdioTest.uri(root.resolve("sub/inner.txt"))), children);
            TextResourceContents text = (TextResourceContents) client.resources().read(notes).contents().get(0);
            assertEquals("héllo\n", text.text());
            assertEquals("notes.txt", client.resources().metadata(notes).name());
        }
    }

    @Test
    void aSubscriptionIsServedThroughSubscriptionsListen() throws Exception {
        Path root = dir.toRealPath();
        try (McpClient client = McpClient.connect(statelessServer(), options())) {
            assertTrue(client.negotiation().isStateless(), client.negotiation()::toString);
            String notes = StatelessOverStdioTest.uri(root.resolve("notes.txt"));
            java.util.concurrent.BlockingQueue<String> updates = new java.util.concurrent.LinkedBlockingQueue<>();
            client.resources().subscribe(notes, updates::add); // returns once the listen is acknowledged
            Files.writeString(root.resolve("notes.txt"), "changed\n", StandardCharsets.UTF_8);
            assertEquals(notes, updates.poll(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void anInputRequiredResultGoesToTheRegisteredHandlerAndIsRetriedWithTheSameState() throws Exception {
        List<JsonObject> asked = new CopyOnWriteArrayList<>();
        ClientSession session = ClientSession.builder(new StdioTransportProvider().connect(statelessServer()))
                    .clientInfo(Implementation.of("negotiation-test", "1"))
                    .requestHandler("elicitation/create", (params, context) -> {
                        asked.add((JsonObject) params);
                        return Json.createObjectBuilder().add("action", "accept")
                                .add("content", Json.createObjectBuilder().add("name", "Ada")).build();
                    })
                    .build();
        try {
            Negotiation negotiation = session.negotiate(VersionNegotiation.auto()).get(30, TimeUnit.SECONDS);
            assertTrue(negotiation.isStateless(), negotiation::toString);
            JsonObject result = session.sendRequest("tools/call", Json.createObjectBuilder().add("name", "ask")
                    .add("arguments", Json.createObjectBuilder()).build(), JsonObject.class).get(30, TimeUnit.SECONDS);
            assertEquals(AskTool.STATE + ": hello Ada", result.getJsonArray("content").getJsonObject(0).getString("text"),
                    "the server opened the state it sealed, so the retry echoed it unchanged: " + result);
            assertEquals(1, asked.size());
            assertEquals("Your name?", asked.get(0).getString("message"));
        } finally {
            session.close();
        }
    }

    @Test
    void aServerThatRefusesTheProbeGetsInitializeAsBefore() throws Exception {
        // -32601 to server/discover, as server-everything answers; then a 2025-11-25 session
        String refusal = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}";
        URI old = StdioTargets.uriOf(ChildProcesses.java(CannedServerMain.class, refusal,
                String.format(INITIALIZED, 2), LOG_LINE, String.format(ONE_RESOURCE, 3)));
        try (McpClient client = McpClient.connect(old, options())) {
            assertEquals("2025-11-25", client.protocolVersion());
            Negotiation negotiation = client.negotiation();
            assertFalse(negotiation.isStateless());
            assertTrue(negotiation.reason().contains("server/discover failed with -32601 Method not found"),
                    negotiation::toString);
            assertTrue(negotiation.reason().endsWith("initialize asked for 2025-11-25"), negotiation::toString);
            assertEquals("old-server", client.serverInfo().name());
            assertEquals(List.of("old://a"), client.resources().list(null).resources().stream().map(Resource::uri)
                    .toList());
        }
    }

    @Test
    void aServerThatNeverAnswersTheProbeGetsInitializeAfterTheProbeTimeout() throws Exception {
        // the probe's line and the cancellation that follows its timeout get no answers
        URI silent = StdioTargets.uriOf(ChildProcesses.java(CannedServerMain.class, LOG_LINE, LOG_LINE,
                String.format(INITIALIZED, 2), LOG_LINE, String.format(ONE_RESOURCE, 3)));
        ClientOptions options = options().toBuilder().versionNegotiation(VersionNegotiation.auto()
                .withProbeTimeout(Duration.ofMillis(500))).build();
        try (McpClient client = McpClient.connect(silent, options)) {
            assertEquals("2025-11-25", client.protocolVersion());
            assertTrue(client.negotiation().reason().startsWith("no answer to server/discover within probeTimeout=500 ms"),
                    client.negotiation()::toString);
            assertEquals(1, client.resources().list(null).resources().size());
        }
    }

    private static String unsupported(int id, String supported) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32022,\"message\":\"Unsupported"
                + " protocol version\",\"data\":{\"supported\":[" + supported + "],\"requested\":\"2026-07-28\"}}}";
    }

    @Test
    void aRefusedRevisionThatTheErrorStillListsIsProbedOnceMore() throws Exception {
        String discovered = "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"resultType\":\"complete\","
                + "\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"resources\":{}},\"ttlMs\":0,"
                + "\"cacheScope\":\"private\"}}";
        URI server = StdioTargets.uriOf(ChildProcesses.java(CannedServerMain.class,
                unsupported(1, "\"2026-07-28\""), discovered, String.format(ONE_RESOURCE, 3)));
        try (McpClient client = McpClient.connect(server, options())) {
            assertEquals("2026-07-28", client.protocolVersion(), client.negotiation()::toString);
            assertEquals("(unnamed server)", client.serverInfo().name(), "the result named no server");
            assertEquals(1, client.resources().list(null).resources().size());
        }
    }

    @Test
    void aStatelessServerThatListsOnlyHandshakeRevisionsGetsInitializeForOneOfThem() throws Exception {
        String initialized = String.format(INITIALIZED, 2).replace("2025-11-25", "2025-06-18");
        URI server = StdioTargets.uriOf(ChildProcesses.java(CannedServerMain.class,
                unsupported(1, "\"2025-06-18\""), initialized, LOG_LINE, String.format(ONE_RESOURCE, 3)));
        try (McpClient client = McpClient.connect(server, options())) {
            assertEquals("2025-06-18", client.protocolVersion());
            assertTrue(client.negotiation().reason().contains("-32022"), client.negotiation()::toString);
            assertEquals(1, client.resources().list(null).resources().size());
        }
    }

    @Test
    void aPinnedStatelessRevisionFailsAgainstAServerOfTheHandshakeRevisions() throws Exception {
        String refusal = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}";
        URI old = StdioTargets.uriOf(ChildProcesses.java(CannedServerMain.class, refusal));
        McpException failure = assertThrows(McpException.class, () -> McpClient.connect(old,
                options().toBuilder().versionNegotiation(VersionNegotiation.pinned("2026-07-28")).build()));
        assertTrue(failure.getMessage().contains("pinned to 2026-07-28"), failure.getMessage());
        assertTrue(failure.getMessage().contains("-32601"), failure.getMessage());
    }

    @Test
    void theHandshakeOnlyNegotiationSendsNoProbe() throws Exception {
        List<String> answers = new ArrayList<>(List.of(String.format(INITIALIZED, 1), LOG_LINE,
                String.format(ONE_RESOURCE, 2)));
        URI old = StdioTargets.uriOf(ChildProcesses.java(CannedServerMain.class,
                answers.toArray(String[]::new)));
        try (McpClient client = McpClient.connect(old, options().toBuilder().versionNegotiation(VersionNegotiation.handshake()).build())) {
            assertEquals("2025-11-25", client.protocolVersion());
            assertEquals("VersionNegotiation.handshake(): initialize asked for 2025-11-25",
                    client.negotiation().reason());
            assertInstanceOf(Resource.class, client.resources().list(null).resources().get(0));
        }
    }
}
