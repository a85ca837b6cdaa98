package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ResourcesReadTest {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2, 3};

    private InMemoryResourceProvider memory;
    private Harness harness;
    private McpClient client;

    @BeforeEach
    void start() {
        memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.builder("mem://note", "note").title("A note").description("says hi")
                        .mimeType("text/plain").build(), "hi there")
                .addBlob(Resource.builder("mem://logo", "logo").mimeType("image/png").build(), Blob.of(PNG))
                .addText(Resource.builder("mem://report", "report").mimeType("text/markdown").build(), "# Report")
                .addFormat("mem://report", "text/html", "<h1>Report</h1>");
        harness = new Harness(memory);
        client = harness.client();
    }

    @AfterEach
    void stop() throws Exception {
        harness.close();
    }

    @Test
    void readOfTextCarriesTheResourceMetadata() {
        ReadResourceResult result = client.resources().read("mem://note");
        assertEquals(1, result.contents().size());
        TextResourceContents text = assertInstanceOf(TextResourceContents.class, result.contents().get(0));
        assertEquals("hi there", text.text());
        Resource resource = text.resource();
        assertEquals("mem://note", resource.uri());
        assertEquals("note", resource.name());
        assertEquals("A note", resource.title());
        assertEquals("says hi", resource.description());
        assertEquals("text/plain", resource.mimeType());
        assertEquals(8L, resource.size());
        assertEquals(Boolean.FALSE, resource.isCollection());
    }

    @Test
    void readOfBlobCarriesItsBytes() {
        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class,
                client.resources().read("mem://logo").contents().get(0));
        assertArrayEquals(PNG, blob.blob().toByteArray());
        assertEquals("image/png", blob.mimeType());
        assertEquals("logo", blob.resource().name());
        assertEquals((long) PNG.length, blob.resource().size());
    }

    @Test
    void readOfAResourceWithFormatsAnswersEachFormatWithTheSameUri() {
        List<ResourceContents> contents = client.resources().read("mem://report").contents();
        assertEquals(List.of("text/markdown", "text/html"), contents.stream().map(ResourceContents::mimeType).toList());
        contents.forEach(element -> {
            assertEquals("mem://report", element.uri());
            assertEquals("report", element.resource().name());
        });
        assertEquals(8L, contents.get(0).resource().size());
        assertEquals(15L, contents.get(1).resource().size());
    }

    @Test
    void readFillsInTheMetadataAProviderLeftOut() throws Exception {
        try (Harness bare = new Harness(new StaticProvider("bare", 0, "thing"))) {
            Resource resource = bare.client().resources().read("bare://thing").contents().get(0).resource();
            assertEquals("thing", resource.name());
            assertEquals("the thing", resource.title());
            assertEquals("text/plain", resource.mimeType());
            assertEquals(Boolean.FALSE, resource.isCollection());
            assertEquals((long) "text of thing".length(), resource.size());
        }
    }

    @Test
    void readOfMissingUriIsInvalidParamsWithDataUri() {
        for (String missing : List.of("mem://nothing", "elsewhere://nothing")) {
            ProtocolException e = Harness.protocolError(() -> client.resources().read(missing));
            assertInstanceOf(ResourceNotFoundException.class, e);
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
            assertEquals("Resource not found", e.getMessage());
            assertEquals(missing, ((JsonObject) e.data()).getString("uri"));
        }
    }

    @Test
    void contentsForAnotherUriAreAProviderBugAndAnInternalError() throws Exception {
        StaticProvider liar = new StaticProvider("liar", 0, "x") {
            @Override
            public List<ResourceContents> read(Resource resource, ReadContext context) {
                return List.of(TextResourceContents.of(resource.uri(), null, "mine"),
                        TextResourceContents.of("liar://y", null, "other"));
            }
        };
        try (Harness bad = new Harness(liar)) {
            ProtocolException e = Harness.protocolError(() -> bad.client().resources().read("liar://x"));
            assertEquals(ErrorCodes.INTERNAL_ERROR, e.code());
        }
    }

    private static InMemoryResourceProvider folder(InMemoryResourceProvider provider) {
        provider.addCollection(Resource.of("mem://dir", "dir"));
        provider.addText("mem://dir", Resource.of("mem://dir/a", "a"), "aaaaaaaaaa");                 // 10 bytes
        provider.addText("mem://dir", Resource.of("mem://dir/big", "big"), "b".repeat(100));         // 100 bytes
        provider.addCollection("mem://dir", Resource.of("mem://dir/sub", "sub"));                    // nested
        provider.addText("mem://dir/sub", Resource.of("mem://dir/sub/deep", "deep"), "deep");
        provider.addBlob("mem://dir", Resource.of("mem://dir/c", "c"), Blob.of(new byte[10]));       // 10 bytes
        provider.addBlob("mem://dir", Resource.of("mem://dir/stream", "stream"),
                Blob.ofStream(() -> new ByteArrayInputStream(new byte[5]), -1));                    // unknown length
        provider.addText("mem://dir", Resource.of("mem://dir/d", "d"), "dddddddddd");                 // 10 bytes
        return provider;
    }

    @Test
    void readOfACollectionAnswersChildrenWithTheirOwnMetadataAndContent() throws Exception {
        try (Harness h = new Harness(folder(InMemoryResourceProvider.create("dirs")))) {
            List<ResourceContents> contents = h.client().resources().read("mem://dir").contents();
            // nested collections and blobs of unknown length are left out
            assertEquals(List.of("mem://dir/a", "mem://dir/big", "mem://dir/c", "mem://dir/d"),
                    contents.stream().map(ResourceContents::uri).toList());
            TextResourceContents a = (TextResourceContents) contents.get(0);
            assertEquals("aaaaaaaaaa", a.text());
            assertEquals("a", a.resource().name());
            assertEquals(Boolean.FALSE, a.resource().isCollection());
        }
    }

    @Test
    void collectionReadStopsAtTheEntryBudget() throws Exception {
        ResourceSettings settings = ResourceSettings.builder().maxCollectionReadEntries(2).build();
        try (Harness h = new Harness(settings, folder(InMemoryResourceProvider.create("dirs")))) {
            assertEquals(List.of("mem://dir/a", "mem://dir/big"),
                    h.client().resources().read("mem://dir").contents().stream().map(ResourceContents::uri).toList());
        }
    }

    @Test
    void collectionReadSkipsChildrenThatOverflowTheByteBudget() throws Exception {
        ResourceSettings settings = ResourceSettings.builder().maxCollectionReadBytes(35).build();
        try (Harness h = new Harness(settings, folder(InMemoryResourceProvider.create("dirs")))) {
            // big (100 bytes) is skipped; the 10-byte children after it still fit in 35
            assertEquals(List.of("mem://dir/a", "mem://dir/c", "mem://dir/d"),
                    h.client().resources().read("mem://dir").contents().stream().map(ResourceContents::uri).toList());
        }
        try (Harness h = new Harness(ResourceSettings.builder().maxCollectionReadBytes(0).build(),
                folder(InMemoryResourceProvider.create("dirs")))) {
            assertTrue(h.client().resources().read("mem://dir").contents().isEmpty());
        }
    }

    @Test
    void readOfAnEmptyCollectionIsEmptyContentsNotAnError() {
        memory.addCollection(Resource.of("mem://empty", "empty"));
        assertTrue(client.resources().read("mem://empty").contents().isEmpty());
    }

    @Test
    void textIsCountedInUtf8Bytes() {
        memory.addText(Resource.of("mem://utf8", "utf8"), "h\u00e9llo \u20ac");
        long expected = "h\u00e9llo \u20ac".getBytes(StandardCharsets.UTF_8).length;
        assertEquals(expected, client.resources().read("mem://utf8").contents().get(0).resource().size());
    }
}
