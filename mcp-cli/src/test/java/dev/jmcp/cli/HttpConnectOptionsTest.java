package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client's blob sink reaches the Streamable HTTP provider found through ServiceLoader, over a
 * real socket on 127.0.0.1, through nothing but the public API (this module sees the transport
 * only at run time).
 */
class HttpConnectOptionsTest {
    private final McpServer server = McpServer.builder().serverInfo("test-server", "1.0")
            .resourceProvider(InMemoryResourceProvider.create("mem")
                    .addBlob(Resource.builder("mem://b", "b").build(), Blob.of(new byte[] {1, 2, 3})))
            .build();

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void aBlobSinkAloneReachesTheHttpTransport() throws Exception {
        URI endpoint = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
        AtomicInteger opened = new AtomicInteger();
        BlobSink counting = () -> {
            opened.incrementAndGet();
            return BlobSink.IN_MEMORY.open();
        };

        try (McpClient client = McpClient.connect(endpoint, ClientOptions.builder().blobSink(counting).build())) {
            client.resources().read("mem://b");
        }

        assertEquals(1, opened.get(), "the blob went through the options' sink");
    }
}
