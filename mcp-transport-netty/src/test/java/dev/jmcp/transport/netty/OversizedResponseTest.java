package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ConnectOptions;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A server that answers a POST with a message over the client's {@code maxMessageBytes}, written
 * the way the TypeScript SDK writes results ({@code "result"} first, {@code "id"} last): the
 * transport reports it with the id, so that the session fails the request at once.
 */
class OversizedResponseTest {
    private static final int LIMIT = 4096;
    private final LinkedBlockingQueue<ProtocolException> unreadable = new LinkedBlockingQueue<>();
    private ServerSocket socket;
    private Thread serving;
    private McpTransport transport;

    @AfterEach
    void stop() throws Exception {
        if (transport != null) {
            transport.close();
        }
        socket.close();
        serving.join(5_000);
    }

    /** Answers every request on its own connection with {@code body} as {@code contentType}. */
    private URI serve(String contentType, String body) throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        serving = new Thread(() -> {
            while (!socket.isClosed()) {
                try (Socket connection = socket.accept()) {
                    String request = readRequest(connection.getInputStream());
                    OutputStream out = connection.getOutputStream();
                    if (!request.startsWith("POST")) {
                        out.write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                        continue;
                    }
                    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nContent-Length: "
                            + bytes.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(bytes);
                    out.flush();
                } catch (IOException e) {
                    // closed by the test, or a connection that went away
                }
            }
        }, "raw-http-server");
        serving.setDaemon(true);
        serving.start();
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/mcp");
    }

    /**
     * @return the request line and headers; the body (of Content-Length bytes, or chunked, as the
     *         JDK client sends a body of unknown length) is read and dropped, so that closing the
     *         connection does not reset it under the response
     */
    private static String readRequest(InputStream in) throws IOException {
        String text = readUntil(in, "\r\n\r\n");
        for (String line : text.split("\r\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(line.substring(15).strip()));
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                int size;
                do {
                    size = Integer.parseInt(readUntil(in, "\r\n").strip(), 16);
                    in.readNBytes(size + 2); // the chunk and its CRLF (the last one's is the body's end)
                } while (size > 0);
            }
        }
        return text;
    }

    private static String readUntil(InputStream in, String end) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (!bytes.toString(StandardCharsets.US_ASCII).endsWith(end)) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            bytes.write(b);
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }

    @ParameterizedTest
    @CsvSource({"application/json, 7", "application/json, \"r-8\"", "text/event-stream, 7",
            "text/event-stream, \"r-8\""})
    void aResponseOverTheLimitIsReportedWithItsIdAndItsLength(String contentType, String id) throws Exception {
        String message = "{\"result\":{\"pad\":\"" + "x".repeat(3 * LIMIT) + "\"},\"jsonrpc\":\"2.0\",\"id\":" + id + "}";
        URI uri = serve(contentType, contentType.equals("application/json") ? message : "data: " + message + "\n\n");
        // the limits come through the provider, as McpClient.connect(URI, ClientOptions) hands them over
        transport = new StreamableHttpTransportProvider().connect(uri,
                new ConnectOptions(CodecLimits.DEFAULTS.withMaxMessageBytes(LIMIT)));
        transport.start(new McpTransport.Listener() {
            @Override
            public void onMessage(JsonRpcPayload payload) {
            }

            @Override
            public void onUnreadable(ProtocolException error) {
                unreadable.add(error);
            }

            @Override
            public void onClosed(Throwable cause) {
            }
        });
        RequestId requestId = id.startsWith("\"") ? RequestId.of(id.substring(1, id.length() - 1))
                : RequestId.of(Long.parseLong(id));
        transport.send(new JsonRpcRequest(requestId, "ping", null)).get(10, TimeUnit.SECONDS);

        ProtocolException error = unreadable.poll(10, TimeUnit.SECONDS);
        assertNotNull(error, "nothing reported");
        assertEquals(ErrorCodes.INVALID_REQUEST, error.code());
        assertEquals("message of " + message.length() + " bytes exceeds maxMessageBytes=" + LIMIT, error.getMessage());
        assertEquals(requestId, error.requestId());
        assertInstanceOf(StreamableHttpClientTransport.class, transport);
        assertTrue(unreadable.isEmpty(), unreadable::toString);
    }
}
