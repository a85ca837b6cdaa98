package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A stream that drops before its answer, whose resume the server refuses with 410 (the events after
 * the client's {@code Last-Event-ID} are no longer kept): the client fails the requests the stream
 * owed at once, with the server's reason, instead of retrying and leaving them to time out.
 */
class ResumeRefusedTest {
    private static final String GONE = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":"
            + "\"Last-Event-ID 1-1 names an event after which the session no longer keeps its stream's events: a "
            + "session keeps at most replayBufferEvents=2 events for replay\"}}";
    private final QueueingListener listener = new QueueingListener();
    private ScriptedHttpServer server;
    private McpTransport transport;

    @AfterEach
    void stop() throws Exception {
        transport.close();
        server.close();
    }

    @Test
    void aResumeAnswered410FailsTheOwedRequestWithTheServersReason() throws Exception {
        // the POST's stream ends after its priming event; the resume is refused
        server = ScriptedHttpServer.start(request -> request.startsWith("POST")
                ? ScriptedHttpServer.response("200 OK", "text/event-stream", "id: 1-1\ndata:\n\n")
                : ScriptedHttpServer.response("410 Gone", "application/json", GONE));
        transport = new StreamableHttpClientTransport(server.uri(),
                HttpClientSettings.builder().reconnectDelay(Duration.ofMillis(10)).build());
        transport.start(listener);
        transport.send(new JsonRpcRequest(RequestId.of(4), "resources/read", null)).get(10, TimeUnit.SECONDS);
        JsonRpcErrorResponse error = assertInstanceOf(JsonRpcErrorResponse.class, listener.received.poll(10, TimeUnit.SECONDS),
                "the request was answered");
        assertEquals(RequestId.of(4), error.id());
        assertEquals(ErrorCodes.INTERNAL_ERROR, error.error().code());
        assertTrue(error.error().message().contains("HTTP 410") && error.error().message().contains(
                "replayBufferEvents=2"), error.error().message());
    }
}
