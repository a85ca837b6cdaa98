package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** jmcp's client, with the gomcp dialect chosen by id, reads a gomcp-style server in a child JVM over stdio. */
class GomcpClientOverStdioTest {
    private static McpClient client;

    @BeforeAll
    static void connect() {
        client = McpClient.connect(FakeGomcp.stdio(), options());
    }

    @AfterAll
    static void close() {
        client.close();
    }

    static ClientOptions options() {
        return ClientOptions.builder().dialect("gomcp").callTimeout(Duration.ofSeconds(30)).build();
    }

    /** @return what the server saw: the methods in order, reads that sent contents, Not Modified answers */
    static JsonObject seen(McpClient client) {
        return client.session().sendRequest("test/seen", null, JsonObject.class, RequestOptions.timeout(
                Duration.ofSeconds(30))).join();
    }

    static List<String> methods(McpClient client) {
        return seen(client).getJsonArray("methods").getValuesAs(JsonString.class).stream().map(JsonString::getString)
                .toList();
    }

    private static void change(String uri, String text, String notification) {
        JsonObject params = JsonRuntime.provider().createObjectBuilder().add("uri", uri).add("text", text)
                .add("notification", notification).build();
        client.session().sendRequest("test/change", params, JsonObject.class, RequestOptions.timeout(
                Duration.ofSeconds(30))).join();
    }

    @Test
    void theHandshakeAsksFor20250326AndEndsWithTheBareInitialized() {
        assertEquals("2025-03-26", client.protocolVersion());
        assertEquals("fake-gomcp", client.serverInfo().name());
        assertEquals(List.of("initialize", "initialized"), methods(client).subList(0, 2));
    }

    @Test
    void theListingPagesThroughTheServersCursorAndMapsEachResource() {
        ListResourcesResult first = client.resources().list();
        assertEquals(2, first.resources().size());
        assertEquals("2", first.nextCursor());

        List<Resource> all = client.resources().listAll(10);
        assertEquals(List.of("mem://docs/readme.md", "mem://docs/logo.png", "mem://docs/sub", "mem://docs/sub/deep.txt",
                "mem://notes.txt"), all.stream().map(Resource::uri).toList());
        Resource readme = all.get(0);
        assertEquals("readme.md", readme.name());
        assertEquals(11L, readme.size());
        assertEquals("1", ConditionalReads.version(readme));
        assertEquals("file", readme.meta().getString("dev.jmcp/kind"));
        assertEquals("fake", readme.meta().getJsonObject("dev.jmcp/metadata").getString("owner"));
        assertEquals(Boolean.TRUE, all.get(2).isCollection());
    }

    @Test
    void aCollectionsChildrenAreTheDirectOnesOfTheFlatListing() {
        assertEquals(List.of("mem://docs/readme.md", "mem://docs/logo.png", "mem://docs/sub"),
                client.resources().listAllChildren("mem://docs", 10).stream().map(Resource::uri).toList());
    }

    @Test
    void aTextReadCarriesTheResourcesMetadataWithTheText() {
        ReadResourceResult result = client.resources().read("mem://docs/readme.md");
        TextResourceContents text = assertInstanceOf(TextResourceContents.class, result.contents().get(0));
        assertEquals("hello gomcp", text.text());
        assertEquals("text/plain", text.resource().mimeType());
        assertEquals("readme.md", text.resource().name());
        assertEquals("1", ConditionalReads.version(result));
    }

    @Test
    void aBlobReadDecodesItsBase64() {
        ReadResourceResult result = client.resources().read("mem://docs/logo.png");
        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class, result.contents().get(0));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2, (byte) 0xff}, blob.blob().toByteArray());
        assertEquals("image/png", blob.resource().mimeType());
    }

    @Test
    void metadataIsWhatAReadSaysOfTheResource() {
        Resource logo = client.resources().metadata("mem://docs/logo.png");
        assertEquals("logo.png", logo.name());
        assertEquals("image/png", logo.mimeType());
        assertEquals(8L, logo.size());
    }

    @Test
    void readIfChangedWithTheCurrentVersionTransfersNoContent() {
        String version = ConditionalReads.version(client.resources().read("mem://notes.txt"));
        int sent = seen(client).getInt("contentsSent");
        int notModified = seen(client).getInt("notModified");

        ReadResourceResult result = client.resources().readIfChanged("mem://notes.txt", version);

        assertTrue(ConditionalReads.isNotModified(result), result::toString);
        assertTrue(result.contents().isEmpty());
        assertEquals(version, ConditionalReads.version(result));
        assertEquals(sent, seen(client).getInt("contentsSent"), "the server sent no contents");
        assertEquals(notModified + 1, seen(client).getInt("notModified"));
    }

    @Test
    void readIfChangedWithAStaleVersionReadsTheContent() {
        ReadResourceResult result = client.resources().readIfChanged("mem://docs/readme.md", "0");
        assertEquals("hello gomcp", ((TextResourceContents) result.contents().get(0)).text());
        assertEquals(false, ConditionalReads.isNotModified(result));
    }

    @Test
    void anUnknownUriIsNotFound() {
        ResourceNotFoundException e = assertThrows(ResourceNotFoundException.class,
                () -> client.resources().read("mem://nothing"));
        assertEquals("mem://nothing", e.uri());
        assertEquals(-32040, e.code());
    }

    @Test
    void aSubscriberHearsEachChangeUnderEitherNameAndUnsubscribingSendsTheUris() throws Exception {
        BlockingQueue<String> heard = new LinkedBlockingQueue<>();
        Subscription subscription = client.resources().subscribe("mem://docs/sub/deep.txt", heard::add);
        assertEquals(List.of("mem://docs/sub/deep.txt"), subscribed());

        change("mem://docs/sub/deep.txt", "deeper", "notifications/resources/updated");
        assertEquals("mem://docs/sub/deep.txt", heard.poll(30, TimeUnit.SECONDS));
        change("mem://docs/sub/deep.txt", "deepest", "notifications/resources/content_changed");
        assertEquals("mem://docs/sub/deep.txt", heard.poll(30, TimeUnit.SECONDS));
        assertEquals("deepest", ((TextResourceContents) client.resources().read("mem://docs/sub/deep.txt").contents()
                .get(0)).text());

        subscription.close();
        assertEquals(List.of(), subscribed());
        assertTrue(methods(client).contains("resources/unsubscribe"));
        assertNull(heard.poll());
    }

    private static List<String> subscribed() {
        return seen(client).getJsonArray("subscribed").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString).toList();
    }

    @Test
    void listChangesReachTheListListenersUntilTheyAreRemoved() throws Exception {
        BlockingQueue<String> heard = new LinkedBlockingQueue<>();
        BlockingQueue<String> stays = new LinkedBlockingQueue<>();
        Subscription listener = client.resources().onListChanged(() -> heard.add("changed"));
        try (Subscription staying = client.resources().onListChanged(() -> stays.add("changed"))) {
            change("", "", "notifications/resources/list_changed");
            assertEquals("changed", heard.poll(30, TimeUnit.SECONDS));
            listener.close();
            change("", "", "notifications/resources/list_changed");
            stays.poll(30, TimeUnit.SECONDS);
            assertEquals("changed", stays.poll(30, TimeUnit.SECONDS), "the second change was handled");
            assertNull(heard.poll(), "the removed listener heard nothing more");
        }
    }

    @Test
    void aBlobIsBoundedByTheClientsStringLimitWhichTheFailureNames() {
        ClientOptions small = options().toBuilder().limits(CodecLimits.builder().maxStringLength(65_536).build()).build();
        try (McpClient bounded = McpClient.connect(FakeGomcp.stdio(), small)) {
            BlobResourceContents fits = (BlobResourceContents) bounded.resources().read("mem://blob/40000").contents()
                    .get(0);
            assertEquals(40_000, fits.blob().toByteArray().length);
            ProtocolException tooLong = assertThrows(ProtocolException.class,
                    () -> bounded.resources().read("mem://blob/60000"));
            assertTrue(tooLong.getMessage().contains("maxStringLength=65536"), tooLong::getMessage);
        }
    }

    @Test
    void aServerThatKnowsTheReadOnlyAsResourcesGetIsReadWithItFromThenOn() {
        try (McpClient getOnly = McpClient.connect(FakeGomcp.stdio("get-only"), options())) {
            assertEquals("hello gomcp", ((TextResourceContents) getOnly.resources().read("mem://docs/readme.md")
                    .contents().get(0)).text());
            getOnly.resources().read("mem://notes.txt");

            List<String> reads = methods(getOnly).stream().filter(m -> m.startsWith("resources/")).toList();
            assertEquals(List.of("resources/read", "resources/get", "resources/get"), reads);
        }
    }
}
