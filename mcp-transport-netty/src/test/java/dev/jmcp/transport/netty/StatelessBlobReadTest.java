package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A stateless read of a blob that streams from its source while the answer is written, to a
 * client that reads slowly: the exchange must not end the request's session (which cancels what
 * the blob still reads) before the answer is written.
 */
@ExtendWith(LeakCheck.class)
class StatelessBlobReadTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final String BLOB_URI = "test://big.bin";
    /** Larger than the socket buffers of loopback, so that much of it is written after the first flush. */
    private static final byte[] BLOB = new byte[16 * 1024 * 1024 + 7];
    private static final String META = Raw.STATELESS_META;

    static {
        new Random(11).nextBytes(BLOB);
    }

    private McpServer server;
    private URI uri;

    @BeforeEach
    void start() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addBlob(Resource.builder(BLOB_URI, "big.bin").mimeType("application/octet-stream").build(),
                        Blob.ofStream(() -> new ByteArrayInputStream(BLOB), BLOB.length));
        server = McpServer.builder().serverInfo("blob-e2e", "1").resourceProvider(memory).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aBlobReadFromItsSourceWhileASlowClientReadsArrivesWhole() throws Exception {
        String body = Raw.call(8, "resources/read", "\"uri\":\"" + BLOB_URI + "\"," + META);
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setReceiveBufferSize(32 * 1024);
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
                    + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
                    + "\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: resources/read\r\nMcp-Name: " + BLOB_URI
                    + "\r\nConnection: close\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[16 * 1024];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                raw.write(buffer, 0, n);
                if (raw.size() % (512 * 1024) < n) {
                    Thread.sleep(20); // a slow reader, on purpose: the server must wait for it
                }
            }
        }
        String json = dechunked(raw.toByteArray());
        JsonObject contents = JSON.createReader(new StringReader(json)).readObject().getJsonObject("result")
                .getJsonArray("contents").getJsonObject(0);
        assertArrayEquals(BLOB, Base64.getDecoder().decode(contents.getString("blob")));
    }

    /** @return the body of a chunked HTTP/1.1 response; fails when it does not end with its last chunk */
    private static String dechunked(byte[] response) {
        String text = new String(response, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("\r\n\r\n") + 4;
        assertTrue(text.startsWith("HTTP/1.1 200"), text.substring(0, Math.min(200, text.length())));
        StringBuilder body = new StringBuilder();
        while (true) {
            int lineEnd = text.indexOf("\r\n", at);
            assertTrue(lineEnd > 0, "the response was cut short after " + body.length() + " bytes of body");
            int size = Integer.parseInt(text.substring(at, lineEnd).strip(), 16);
            if (size == 0) {
                return new String(body.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
            }
            assertTrue(lineEnd + 2 + size <= text.length(), "the response was cut short inside a chunk");
            body.append(text, lineEnd + 2, lineEnd + 2 + size);
            at = lineEnd + 2 + size + 2;
        }
    }
}
