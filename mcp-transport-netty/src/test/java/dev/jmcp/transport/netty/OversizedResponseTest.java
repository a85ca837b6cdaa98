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
import java.io.IOException;
import java.net.URI;
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
    private ScriptedHttpServer server;
    private McpTransport transport;

    @AfterEach
    void stop() throws Exception {
        if (transport != null) {
            transport.close();
        }
        server.close();
    }

    /** Answers every POST with {@code body} as {@code contentType}. */
    private URI serve(String contentType, String body) throws IOException {
        server = ScriptedHttpServer.start(request -> request.startsWith("POST")
                ? ScriptedHttpServer.response("200 OK", contentType, body)
                : ScriptedHttpServer.response("405 Method Not Allowed", null, ""));
        return server.uri();
    }

    @ParameterizedTest
    @CsvSource({"application/json, 7", "application/json, \"r-8\"", "text/event-stream, 7",
            "text/event-stream, \"r-8\""})
    void aResponseOverTheLimitIsReportedWithItsIdAndItsLength(String contentType, String id) throws Exception {
        String message = "{\"result\":{\"pad\":\"" + "x".repeat(3 * LIMIT) + "\"},\"jsonrpc\":\"2.0\",\"id\":" + id + "}";
        URI uri = serve(contentType, contentType.equals("application/json") ? message : "data: " + message + "\n\n");
        // the limits come through the provider, as McpClient.connect(URI, ClientOptions) hands them over
        transport = new StreamableHttpTransportProvider().connect(uri,
                ConnectOptions.builder().limits(CodecLimits.builder().maxMessageBytes(LIMIT).build()).build());
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
