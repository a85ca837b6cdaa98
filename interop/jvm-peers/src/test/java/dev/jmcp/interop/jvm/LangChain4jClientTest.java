package dev.jmcp.interop.jvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.mcp.client.DefaultMcpClient;
import dev.langchain4j.mcp.client.McpBlobResourceContents;
import dev.langchain4j.mcp.client.McpClient;
import dev.langchain4j.mcp.client.McpClientListener;
import dev.langchain4j.mcp.client.McpReadResourceResult;
import dev.langchain4j.mcp.client.McpResource;
import dev.langchain4j.mcp.client.McpResourceTemplate;
import dev.langchain4j.mcp.client.McpTextResourceContents;
import dev.langchain4j.mcp.client.transport.McpTransport;
import dev.langchain4j.mcp.client.transport.http.StreamableHttpMcpTransport;
import dev.langchain4j.mcp.client.transport.stdio.StdioMcpTransport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LangChain4j's MCP client (the one its AI services use) against {@code jmcp serve}: over stdio, with
 * jmcp as the child process LangChain4j starts, and over Streamable HTTP.
 */
class LangChain4jClientTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void overStdio(@TempDir Path dir) throws Exception {
        Path root = SampleRoot.create(dir);
        McpTransport transport = new StdioMcpTransport.Builder().command(JmcpServe.stdioCommand(root)).build();
        exercise(root, transport);
    }

    @Test
    void overStreamableHttp(@TempDir Path dir) throws Exception {
        Path root = SampleRoot.create(dir);
        try (JmcpServe serve = JmcpServe.http(root)) {
            // the subsidiary channel is the GET stream, where a server's notifications come
            McpTransport transport = new StreamableHttpMcpTransport.Builder().url(serve.url()).timeout(TIMEOUT)
                    .subsidiaryChannel(true).build();
            exercise(root, transport);
        }
    }

    private static void exercise(Path root, McpTransport transport) throws Exception {
        LinkedBlockingQueue<String> updated = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<String> listChanged = new LinkedBlockingQueue<>();
        McpClient client = new DefaultMcpClient.Builder().transport(transport).clientName("langchain4j-interop")
                .resourcesTimeout(TIMEOUT).initializationTimeout(TIMEOUT)
                .onResourceUpdated((from, uri) -> updated.add(uri))
                .addListener(new McpClientListener() {
                    @Override
                    public void onNotificationResourcesListChanged() {
                        listChanged.add("list_changed");
                    }
                })
                .build();
        try {
            // every page: more files than one page holds
            Map<String, McpResource> byName = client.listResources().stream()
                    .collect(Collectors.toMap(McpResource::name, Function.identity()));
            assertTrue(byName.keySet().containsAll(SampleRoot.FILES), "listed " + byName.keySet());

            List<McpResourceTemplate> templates = client.listResourceTemplates();
            // a served folder names its files, it templates none: the answer is an empty list
            assertEquals(List.of(), templates);

            McpReadResourceResult text = client.readResource(byName.get(SampleRoot.NON_ASCII).uri());
            McpTextResourceContents textContents = (McpTextResourceContents) text.contents().get(0);
            assertEquals(SampleRoot.NON_ASCII_TEXT, textContents.text());
            assertEquals(byName.get(SampleRoot.NON_ASCII).uri(), textContents.uri());

            McpReadResourceResult blob = client.readResource(byName.get(SampleRoot.BLOB).uri());
            McpBlobResourceContents blobContents = (McpBlobResourceContents) blob.contents().get(0);
            assertArrayEquals(SampleRoot.blob(), Base64.getDecoder().decode(blobContents.blob()));

            String missing = root.resolve("missing.txt").toUri().toString();
            Exception refused = assertThrows(Exception.class, () -> client.readResource(missing));
            assertTrue(String.valueOf(refused.getMessage()).contains("32602")
                    || String.valueOf(refused.getMessage()).toLowerCase().contains("not found"), refused.toString());

            String watched = byName.get(SampleRoot.WATCHED).uri();
            client.subscribeToResource(watched);
            SampleRoot.touch(root, SampleRoot.WATCHED, 1);
            assertEquals(watched, updated.poll(30, TimeUnit.SECONDS), "the update of the subscribed file");

            client.unsubscribeFromResource(watched);
            String other = byName.get(SampleRoot.OTHER).uri();
            client.subscribeToResource(other);
            updated.clear();
            SampleRoot.touch(root, SampleRoot.WATCHED, 2);
            SampleRoot.touch(root, SampleRoot.OTHER, 2);
            // the barrier: the later change is heard, and nothing of the unsubscribed file came before it
            assertEquals(other, updated.poll(30, TimeUnit.SECONDS), "only the file still subscribed");

            listChanged.clear();
            SampleRoot.add(root, "delta.txt");
            assertEquals("list_changed", listChanged.poll(30, TimeUnit.SECONDS));
            assertFalse(updated.contains(watched), "no update of the unsubscribed file: " + updated);
        } finally {
            client.close();
        }
    }
}
