package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many requests in a row on one client, each answered on its own SSE stream: the client used to
 * close a stream as soon as its answer was in, which could close a pooled connection under the
 * next request ("header parser received no bytes") a few hundred requests in.
 */
@ExtendWith(LeakCheck.class)
class SequentialReadsTest {
    private static final int READS = 1500;

    @Test
    void fifteenHundredReadsInARowAllSucceed() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addText(null, Resource.builder("mem:///note", "note").mimeType("text/plain").build(), "x".repeat(1024));
        try (McpServer server = McpServer.builder().serverInfo("sequential", "1").resourceProvider(memory).build()) {
            URI address = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
            try (McpClient client = McpClient.connect(address)) {
                for (int i = 0; i < READS; i++) {
                    TextResourceContents text = (TextResourceContents) client.resources().read("mem:///note")
                            .contents().get(0);
                    assertEquals(1024, text.text().length(), "read " + i);
                }
            }
        }
    }
}
