package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * McpServer and McpClient over HTTP as a user wires them: the server on port 0 reports the port it
 * bound, and a client that spills blobs to files receives one over HTTP with exactly its bytes.
 */
@ExtendWith(LeakCheck.class)
class McpServerOnPortZeroTest {
    @TempDir
    Path dir;

    @Test
    void anEndpointOnPortZeroReportsThePortItBoundAndServesThere() throws Exception {
        byte[] bytes = new byte[3 * 1024 * 1024];
        new Random(7).nextBytes(bytes);
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addBlob(Resource.builder("mem:///b.bin", "b.bin").mimeType("application/octet-stream").build(),
                        Blob.of(bytes));
        try (McpServer server = McpServer.builder().serverInfo("port-zero", "1").resourceProvider(memory).build()) {
            URI address = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
            assertNotEquals(0, address.getPort(), address.toString());
            assertEquals("/mcp", address.getPath());
            ClientOptions options = ClientOptions.builder()
                    .limits(CodecLimits.builder().maxMessageBytes(64L << 20).build())
                    .blobSink(BlobSink.spillToFiles(dir, 1024)).build();
            try (McpClient client = McpClient.connect(address, options)) {
                assertEquals(List.of("mem:///b.bin"), client.resources().listAll(10).stream().map(Resource::uri).toList());
                Blob blob = ((BlobResourceContents) client.resources().read("mem:///b.bin").contents().get(0)).blob();
                Path file = ((Blob.OfFile) blob).file();
                assertEquals(dir, file.getParent());
                assertArrayEquals(bytes, Files.readAllBytes(file));
            }
        }
    }
}
