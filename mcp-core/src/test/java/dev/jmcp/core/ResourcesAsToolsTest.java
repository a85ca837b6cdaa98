package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.auth.TokenVerifier;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.resourcetools.ResourceToolsSettings;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Resources as tools over an in-memory transport, in both eras: the tools list, read and search what
 * the resources methods show the same caller, cut to their bounds, and a caller that follows the
 * continuations an answer spells out (as a model would) gets all of it.
 */
class ResourcesAsToolsTest {
    /** The call an answer tells the model to make next: {@code ... with {json}.} */
    private static final Pattern NEXT_CALL = Pattern.compile("call (resources_\\w+) with (\\{.*?\\})\\.");
    private static final String TEXT = "0123456789abcdefghij\uD83D\uDE00klmnopqrstuvwxyz-the end";
    private static final byte[] SMALL = {0, 1, 2, (byte) 0xff, 10, 13};
    private static final byte[] LARGE = new byte[4096];

    private final InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory");
    private final List<McpClient> clients = new ArrayList<>();
    private McpServer server;

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

    private void start(boolean hideSecrets) {
        memory.addCollection(Resource.of("mem://docs", "docs"));
        for (int i = 0; i < 8; i++) {
            memory.addText("mem://docs", Resource.builder("mem://docs/note-" + i, "note " + i).mimeType("text/plain")
                    .description(i == 6 ? "the quarterly budget" : "a note").build(), "note " + i);
        }
        memory.addText("mem://docs", Resource.builder("mem://docs/secret-budget", "secret").mimeType("text/plain")
                .description("the secret budget").build(), "hidden");
        memory.addText(Resource.builder("mem://long.txt", "long").mimeType("text/plain").build(), TEXT);
        memory.addBlob(Resource.builder("mem://small.bin", "small").mimeType("application/octet-stream").build(), Blob.of(SMALL));
        memory.addBlob(Resource.builder("mem://large.bin", "large").mimeType("application/octet-stream").build(), Blob.of(LARGE));
        byte[] utf8 = TEXT.getBytes(StandardCharsets.UTF_8);
        memory.addTemplate(ResourceTemplate.builder("mem://streamed/{name}", "streamed").build(),
                (uri, variables) -> List.of(new StreamedTextResourceContents(Resource.builder(uri, "streamed")
                        .mimeType("text/plain").build(), Blob.ofStream(() -> new ByteArrayInputStream(utf8), utf8.length))));
        memory.addTemplate(ResourceTemplate.builder("mem://greeting/{name}", "greeting").description("a greeting").build(),
                (uri, variables) -> List.of(TextResourceContents.of(uri, "text/plain", "hello " + variables.get("name"))));
        McpServer.Builder builder = McpServer.builder().serverInfo("tools", "1").resourceProvider(memory)
                .resourceSettings(ResourceSettings.builder().pageSize(5).build())
                .resourcesAsTools(ResourceToolsSettings.builder().maxEntries(3).maxTextChars(10)
                        .maxEmbeddedBlobBytes(SMALL.length).build());
        if (hideSecrets) {
            builder.protection(ResourceProtection.builder().authorizationServers(List.of(URI.create("https://as.example.com")))
                    .verifier(NEVER).decision((caller, uri) -> !uri.contains("secret")).build());
        }
        server = builder.build();
    }

    @AfterEach
    void stop() {
        clients.forEach(McpClient::close);
        if (server != null) {
            server.close();
        }
    }

    private McpClient client(String era) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        McpClient client = McpClient.connect(pair.client(), ClientOptions.builder().clientInfo(Implementation.of("t", "1"))
                .versionNegotiation(era.equals("session") ? VersionNegotiation.handshake() : VersionNegotiation.auto()).build());
        clients.add(client);
        return client;
    }

    private static JsonObject call(McpClient client, String tool, JsonObject arguments) {
        JsonObject params = JsonRuntime.provider().createObjectBuilder().add("name", tool).add("arguments", arguments).build();
        return client.session().sendRequest("tools/call", params, JsonObject.class).join();
    }

    private static JsonObject arguments(String json) {
        return JsonRuntime.provider().createReader(new StringReader(json)).readObject();
    }

    /** The text of every text block of a result, one after another. */
    private static String text(JsonObject result) {
        return result.getJsonArray("content").getValuesAs(JsonObject.class).stream()
                .filter(block -> block.getString("type").equals("text")).map(block -> block.getString("text"))
                .collect(Collectors.joining("\n"));
    }

    /** Calls a tool, then each call its answers name next, as a model would; the answers in order. */
    private static List<JsonObject> followed(McpClient client, String tool, JsonObject arguments) {
        List<JsonObject> answers = new ArrayList<>();
        String next = tool;
        JsonObject args = arguments;
        while (next != null && answers.size() < 50) {
            JsonObject answer = call(client, next, args);
            assertFalse(answer.getBoolean("isError", false), answer.toString());
            answers.add(answer);
            Matcher m = NEXT_CALL.matcher(text(answer));
            next = m.find() ? m.group(1) : null;
            args = next == null ? null : arguments(m.group(2));
        }
        return answers;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void theToolsAreListedOnlyWhenAskedFor(String era) {
        start(false);
        McpClient client = client(era);
        assertNotNull(client.serverCapabilities().tools());
        JsonObject listed = client.session().sendRequest("tools/list", null, JsonObject.class).join();
        assertEquals(List.of("resources_list", "resources_read", "resources_search"), listed.getJsonArray("tools")
                .getValuesAs(JsonObject.class).stream().map(t -> t.getString("name")).toList());
        try (McpServer plain = McpServer.builder().serverInfo("plain", "1").resourceProvider(memory).build()) {
            InMemoryTransport.Pair pair = InMemoryTransport.pair();
            plain.serve(pair.server());
            try (McpClient other = McpClient.connect(pair.client())) {
                assertNull(other.serverCapabilities().tools(), "resources as tools are opt-in");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void aListingFollowedThroughItsCursorsShowsEveryEntryOnce(String era) {
        start(false);
        McpClient client = client(era);
        List<JsonObject> answers = followed(client, "resources_list", arguments("{\"uri\": \"mem://docs\"}"));
        List<String> uris = new ArrayList<>();
        Matcher m = Pattern.compile("^- (\\S+)", Pattern.MULTILINE).matcher(answers.stream().map(ResourcesAsToolsTest::text)
                .collect(Collectors.joining("\n")));
        while (m.find()) {
            uris.add(m.group(1));
        }
        List<String> expected = new ArrayList<>();
        client.resources().children("mem://docs", null).resources().forEach(r -> expected.add(r.uri()));
        assertEquals(9, uris.size(), uris.toString());
        assertEquals(uris.stream().distinct().count(), uris.size(), "no entry twice: " + uris);
        assertTrue(uris.containsAll(expected), uris.toString());
        assertTrue(answers.size() >= 3, "maxEntries=3 cuts 9 entries into 3 answers at least");
        String top = text(call(client, "resources_list", JsonValue.EMPTY_JSON_OBJECT));
        assertTrue(top.contains("mem://docs | docs | collection"), top);
        assertTrue(top.contains("mem://greeting/{name} | greeting"), "the first page names the templates: " + top);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void aStreamedTextIsReadInPartsAsATextHeldWholeIs(String era) {
        start(false);
        McpClient client = client(era);
        assertPartsMakeTheText(followed(client, "resources_read", arguments("{\"uri\": \"mem://streamed/long\"}")));
        assertEquals(text(call(client, "resources_read", arguments("{\"uri\": \"mem://long.txt\", \"offset\": 3}")))
                        .replace("mem://long.txt", "mem://streamed/long"),
                text(call(client, "resources_read", arguments("{\"uri\": \"mem://streamed/long\", \"offset\": 3}"))),
                "the same answer, the total named alike");
        ProtocolException past = Harness.protocolError(() -> call(client, "resources_read",
                arguments("{\"uri\": \"mem://streamed/long\", \"offset\": 999}")));
        assertEquals(ErrorCodes.INVALID_PARAMS, past.code());
        assertTrue(past.getMessage().contains("past the end of mem://streamed/long (" + TEXT.length() + " characters)"),
                past.getMessage());
    }

    /** Each answer's text within maxTextChars (10), and all of them together {@link #TEXT}. */
    private static void assertPartsMakeTheText(List<JsonObject> answers) {
        StringBuilder read = new StringBuilder();
        for (JsonObject answer : answers) {
            JsonObject first = answer.getJsonArray("content").getJsonObject(0);
            assertTrue(first.getString("text").length() <= 10, "maxTextChars bounds each part");
            read.append(first.getString("text"));
        }
        assertEquals(TEXT, read.toString(), "the parts make the whole, the emoji not split");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void aLongTextIsReadInPartsThroughTheOffsetsTheAnswersName(String era) {
        start(false);
        McpClient client = client(era);
        List<JsonObject> answers = followed(client, "resources_read", arguments("{\"uri\": \"mem://long.txt\"}"));
        assertPartsMakeTheText(answers);
        assertTrue(text(answers.get(0)).contains("maxTextChars"), "a cut answer names the setting");
        assertEquals("hello ada", text(call(client, "resources_read", arguments("{\"uri\": \"mem://greeting/ada\"}"))),
                "a template's URI filled in reads");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void aSmallBlobIsEmbeddedAndALargeOneLinked(String era) {
        start(false);
        McpClient client = client(era);
        JsonObject small = call(client, "resources_read", arguments("{\"uri\": \"mem://small.bin\"}"))
                .getJsonArray("content").getJsonObject(0);
        assertEquals("resource", small.getString("type"));
        assertArrayEquals(SMALL, Base64.getDecoder().decode(small.getJsonObject("resource").getString("blob")));
        assertEquals("mem://small.bin", small.getJsonObject("resource").getString("uri"));
        JsonObject large = call(client, "resources_read", arguments("{\"uri\": \"mem://large.bin\"}"));
        JsonObject link = large.getJsonArray("content").getJsonObject(0);
        assertEquals("resource_link", link.getString("type"));
        assertEquals("mem://large.bin", link.getString("uri"));
        assertEquals(LARGE.length, link.getJsonNumber("size").longValue());
        assertTrue(text(large).contains("maxEmbeddedBlobBytes"), text(large));
    }

    @Test
    void aSearchLooksIntoCollectionsAndAReadOfACollectionListsIt() {
        start(false);
        McpClient client = client("stateless");
        String found = text(call(client, "resources_search", arguments("{\"query\": \"Quarterly BUDGET\"}")));
        assertTrue(found.contains("mem://docs/note-6"), found);
        assertFalse(found.contains("note-5"), found);
        assertTrue(text(call(client, "resources_search", arguments("{\"query\": \"nothing-like-this\"}"))).startsWith("No resource"));
        String collection = text(call(client, "resources_read", arguments("{\"uri\": \"mem://docs\"}")));
        assertTrue(collection.startsWith("Entries of mem://docs:"), collection);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void aHiddenResourceStaysHiddenFromEveryTool(String era) {
        start(true);
        McpClient client = client(era);
        JsonObject hidden = call(client, "resources_read", arguments("{\"uri\": \"mem://docs/secret-budget\"}"));
        JsonObject missing = call(client, "resources_read", arguments("{\"uri\": \"mem://docs/absent\"}"));
        assertTrue(hidden.getBoolean("isError"));
        assertEquals(text(missing).replace("mem://docs/absent", "X"), text(hidden).replace("mem://docs/secret-budget", "X"));
        String found = text(call(client, "resources_search", arguments("{\"query\": \"budget\"}")));
        assertTrue(found.contains("note-6") && !found.contains("secret"), found);
        String listed = followed(client, "resources_list", arguments("{\"uri\": \"mem://docs\"}")).stream()
                .map(ResourcesAsToolsTest::text).collect(Collectors.joining());
        assertTrue(listed.contains("note-7") && !listed.contains("secret"), listed);
    }

    @Test
    void badArgumentsAreRefusedNamingWhatWasWrong() {
        start(false);
        McpClient client = client("session");
        ProtocolException noUri = Harness.protocolError(() -> call(client, "resources_read", JsonValue.EMPTY_JSON_OBJECT));
        assertEquals(ErrorCodes.INVALID_PARAMS, noUri.code());
        assertTrue(noUri.getMessage().contains("resources_read") && noUri.getMessage().contains("'uri'"), noUri.getMessage());
        ProtocolException offset = Harness.protocolError(() -> call(client, "resources_read",
                arguments("{\"uri\": \"mem://long.txt\", \"offset\": 999}")));
        assertTrue(offset.getMessage().contains("past the end"), offset.getMessage());
        ProtocolException cursor = Harness.protocolError(() -> call(client, "resources_list", arguments("{\"cursor\": \"x\"}")));
        assertTrue(cursor.getMessage().contains("cursor"), cursor.getMessage());
        ProtocolException unknown = Harness.protocolError(() -> call(client, "resources_write", JsonValue.EMPTY_JSON_OBJECT));
        assertEquals(ErrorCodes.INVALID_PARAMS, unknown.code());
        assertTrue(unknown.getMessage().contains("Unknown tool: resources_write"), unknown.getMessage());
    }

    @Test
    void aServerWithToolsOfItsOwnIsRefusedWhenBuilt() {
        ServerFeature tools = new ServerFeature() {
            @Override
            public void declare(ServerCapabilities.Builder capabilities) {
            }

            @Override
            public void register(FeatureHandlers handlers) {
                handlers.requestHandler("tools/list", (params, context) -> JsonValue.EMPTY_JSON_OBJECT);
            }
        };
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> McpServer.builder()
                .serverInfo("both", "1").resourceProvider(memory).resourcesAsTools().feature(tools).build());
        assertTrue(refused.getMessage().contains("tools/list"), refused.getMessage());
    }
}
