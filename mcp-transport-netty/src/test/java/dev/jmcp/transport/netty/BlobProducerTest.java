package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bodies a server encodes off its event loop, over real sockets (stateless requests, one
 * connection each): a large file arrives byte for byte to a slow reader, and a client that goes
 * away, a source that fails, or the server stopping each end the producer without a leaked buffer
 * (the leak detector runs at PARANOID) or a thread left working.
 */
@ExtendWith(LeakCheck.class)
class BlobProducerTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final String SCRIPTED_URI = "test://scripted.bin";
    private static final int FILE_BYTES = 17 * 1024 * 1024 + 5;

    @TempDir
    Path dir;
    private final AtomicReference<ScriptedSource> next = new AtomicReference<>();
    private byte[] fileBytes;
    private URI fileUri;
    private McpServer server;
    private URI uri;

    @BeforeEach
    void start() throws Exception {
        fileBytes = new byte[FILE_BYTES];
        new Random(5).nextBytes(fileBytes);
        Path file = Files.write(dir.resolve("big.bin"), fileBytes);
        fileUri = file.toRealPath().toUri();
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addBlob(Resource.builder(SCRIPTED_URI, "scripted.bin").mimeType("application/octet-stream").build(),
                        Blob.ofStream(() -> next.get(), -1));
        server = McpServer.builder().serverInfo("producers", "1").resourceProvider(memory)
                .resourceProvider(FileSystemResourceProvider.of(dir)).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        ScriptedSource source = next.get();
        if (source != null) {
            source.release();
        }
        server.close();
    }

    @Test
    void aFileOf17MiBArrivesByteExactToASlowReader() throws Exception {
        try (Socket socket = read(fileUri.toString())) {
            socket.setReceiveBufferSize(32 * 1024);
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            byte[] buffer = new byte[16 * 1024];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                raw.write(buffer, 0, n);
                if (raw.size() % (1024 * 1024) < n) {
                    Thread.sleep(25); // a slow reader, on purpose: the server must wait for it
                }
            }
            JsonObject contents = JSON.createReader(new StringReader(dechunked(raw.toByteArray()))).readObject()
                    .getJsonObject("result").getJsonArray("contents").getJsonObject(0);
            assertEquals(fileUri.toString(), contents.getString("uri"));
            assertArrayEquals(fileBytes, Base64.getDecoder().decode(contents.getString("blob")));
        }
    }

    @Test
    void aClientThatGoesAwayMidBlobStopsTheProducerAndReleasesEveryBuffer() throws Exception {
        ScriptedSource source = ScriptedSource.of(1L << 30);
        next.set(source);
        try (Socket socket = read(SCRIPTED_URI)) {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[64 * 1024];
            long got = 0;
            while (got < 1024 * 1024) {
                got += in.read(buffer);
            }
        }
        assertTrue(source.closed().await(10, TimeUnit.SECONDS), "the producer stopped and closed the source");
        long stoppedAt = source.position();
        assertTrue(stoppedAt < 64L * 1024 * 1024, "the source was read no further than the client took: " + stoppedAt);
        assertProducerIdle(source.reader());
    }

    @Test
    void aClientThatGoesAwayWhileTheSourceStallsInterruptsTheProducer() throws Exception {
        ScriptedSource source = ScriptedSource.stallingAt(96 * 1024, 1L << 30);
        next.set(source);
        try (Socket socket = read(SCRIPTED_URI)) {
            assertTrue(source.stalled().await(10, TimeUnit.SECONDS), "the producer waits in the source");
        }
        assertTrue(source.closed().await(10, TimeUnit.SECONDS), "the producer stopped and closed the source");
        assertTrue(source.interrupted(), "the stalled read was interrupted");
        assertProducerIdle(source.reader());
    }

    @Test
    void aBlobSourceThatFailsClosesTheConnection() throws Exception {
        ScriptedSource source = ScriptedSource.failingAt(2 * 1024 * 1024, 8 * 1024 * 1024);
        next.set(source);
        byte[] response;
        try (Socket socket = read(SCRIPTED_URI)) {
            response = socket.getInputStream().readAllBytes(); // until the server closes the connection
        }
        String text = new String(response, StandardCharsets.ISO_8859_1);
        assertTrue(text.startsWith("HTTP/1.1 200"), text.substring(0, Math.min(100, text.length())));
        assertFalse(text.endsWith("\r\n0\r\n\r\n"), "the response was cut, not ended");
        assertTrue(source.closed().await(10, TimeUnit.SECONDS));

        next.set(ScriptedSource.of(10));
        HttpResponse<String> again = Raw.send(Raw.post(uri, Raw.call(3, "resources/read",
                "\"uri\":\"" + SCRIPTED_URI + "\"," + Raw.STATELESS_META), "MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "resources/read", "Mcp-Name", SCRIPTED_URI));
        assertEquals(200, again.statusCode(), "the server goes on serving: " + again.body());
    }

    @Test
    void closingTheServerEndsItsBodyThreads() throws Exception {
        ScriptedSource source = ScriptedSource.of(10_000);
        next.set(source);
        try (Socket socket = read(SCRIPTED_URI)) {
            socket.getInputStream().readAllBytes();
        }
        Thread producer = source.reader();
        assertTrue(producer.getName().startsWith("jmcp-http-body-"), producer.getName());
        server.close();
        producer.join(5_000);
        assertFalse(producer.isAlive(), "the body thread ended with the server");
    }

    /** Sends a stateless read of {@code resource} on a socket of its own, which the server closes after the answer. */
    private Socket read(String resource) throws Exception {
        String body = Raw.call(8, "resources/read", "\"uri\":\"" + resource + "\"," + Raw.STATELESS_META);
        Socket socket = new Socket(uri.getHost(), uri.getPort());
        socket.setSoTimeout(30_000);
        socket.getOutputStream().write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
                + "\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: resources/read\r\nMcp-Name: " + resource
                + "\r\nConnection: close\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length
                + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
        return socket;
    }

    /** Waits until {@code producer} runs no body any more: it waits for work, or has ended. */
    private static void assertProducerIdle(Thread producer) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (Arrays.stream(producer.getStackTrace()).noneMatch(frame -> frame.getClassName().contains("ProducedInput"))) {
                return;
            }
            Thread.sleep(20); // the poll's interval: a thread's stack has nothing to wait on
        }
        throw new AssertionError("the producer still runs a body: " + Arrays.toString(producer.getStackTrace()));
    }

    /** @return the body of a chunked HTTP/1.1 response; fails when it does not end with its last chunk */
    private static String dechunked(byte[] response) {
        String text = new String(response, StandardCharsets.ISO_8859_1);
        assertTrue(text.startsWith("HTTP/1.1 200"), text.substring(0, Math.min(200, text.length())));
        int at = text.indexOf("\r\n\r\n") + 4;
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
