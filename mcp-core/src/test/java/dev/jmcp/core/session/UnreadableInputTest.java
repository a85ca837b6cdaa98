package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UnreadableInputTest {
    private final ManualTransport transport = new ManualTransport();
    private final ClientSession client = ClientSession.builder(transport).clientInfo(Fixtures.CLIENT_INFO).build();

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void unreadableInputIsAnsweredWithItsError() throws Exception {
        ProtocolException parse = new ProtocolException(ErrorCodes.PARSE_ERROR, "unexpected character at line 1, column 2");

        transport.listener.onUnreadable(parse);

        JsonRpcErrorResponse answer = assertInstanceOf(JsonRpcErrorResponse.class, transport.sent.poll(5, TimeUnit.SECONDS));
        assertNull(answer.id());
        assertEquals(ErrorCodes.PARSE_ERROR, answer.error().code());
        assertEquals("unexpected character at line 1, column 2", answer.error().message());
    }

    @Test
    void unreadableResultFailsTheWaitingRequestInsteadOfBeingAnswered() throws Exception {
        CompletableFuture<EmptyResult> ping = client.ping();
        JsonRpcRequest request = assertInstanceOf(JsonRpcRequest.class, transport.sent.poll(5, TimeUnit.SECONDS));
        assertEquals(McpMethodNames.PING, client.pendingRequests().methodOf(request.id()));
        ProtocolException badResult = new ProtocolException(ErrorCodes.INVALID_REQUEST, "result: expected an object",
                null, request.id(), null);

        transport.listener.onUnreadable(badResult);

        ExecutionException failure = assertThrows(ExecutionException.class, () -> ping.get(5, TimeUnit.SECONDS));
        assertSame(badResult, failure.getCause());
        assertNull(transport.sent.poll(), "nothing is sent back for our own request");
        assertNull(client.pendingRequests().methodOf(RequestId.of(1)));
    }
}
