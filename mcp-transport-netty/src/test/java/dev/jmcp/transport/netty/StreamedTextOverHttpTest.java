package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A text streamed from its file over real sockets, in both eras: the client gets the file's text
 * whole, and a streamed text whose bytes turn out not to be UTF-8 (its provider broke its promise, or
 * the file changed after it was checked) fails that answer alone, never a garbled text, with no buffer leaked (the leak detector runs at PARANOID).
 */
@ExtendWith(LeakCheck.class)
class StreamedTextOverHttpTest {
    /** Escapes and characters of every UTF-8 length, 3 MiB or so: more than one chunk, many buffers. */
    private static final String TEXT = "a \"quoted\" line\twith \\ and é € 😀 \u0001\n".repeat(80_000);
    private static final byte[] NOT_UTF8 = {'o', 'k', ' ', (byte) 0xC3, '('};

    @TempDir
    Path dir;
    private McpServer server;
    private URI uri;
    private String fileUri;

    @BeforeEach
    void start() throws Exception {
        fileUri = Files.writeString(dir.resolve("big.txt"), TEXT).toRealPath().toUri().toString();
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addTemplate(ResourceTemplate.builder("test://broken/{name}", "broken").build(),
                        (uri, variables) -> List.of(new StreamedTextResourceContents(
                                Resource.builder(uri, "broken").mimeType("text/plain").build(),
                                Blob.ofStream(() -> new ByteArrayInputStream(NOT_UTF8), NOT_UTF8.length))));
        server = McpServer.builder().serverInfo("streamed", "1").resourceProvider(memory)
                .resourceProvider(FileSystemResourceProvider.of(dir).withStreamedTextAboveBytes(1024)).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private McpClient client(String era) {
        return McpClient.connect(uri, ClientOptions.builder().callTimeout(Duration.ofSeconds(30))
                .versionNegotiation(era.equals("session") ? VersionNegotiation.handshake() : VersionNegotiation.auto())
                .build());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void theClientGetsTheFilesTextWhole(String era) {
        try (McpClient client = client(era)) {
            for (int i = 0; i < 3; i++) {
                TextResourceContents text = assertInstanceOf(TextResourceContents.class,
                        client.resources().read(fileUri).contents().get(0));
                assertEquals(TEXT, text.text());
                assertEquals("text/plain", text.mimeType());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"session", "stateless"})
    void aStreamedTextThatIsNotUtf8FailsItsAnswerAloneAndTheNextIsServed(String era) {
        try (McpClient client = client(era)) {
            RuntimeException failed = assertThrows(RuntimeException.class, () -> client.resources().read("test://broken/x"));
            // the answer's connection is cut mid-body: stateless, the POST ends early; in a session, the
            // resume finds the answer not kept for replay (its source is read once)
            assertTrue(failed.getMessage().contains("connection closed"), failed.toString());
            TextResourceContents text = assertInstanceOf(TextResourceContents.class,
                    client.resources().read(fileUri).contents().get(0));
            assertEquals(TEXT, text.text());
        }
    }
}
