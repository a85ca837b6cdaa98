package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Input a transport could not read: JSON-RPC has the server answer it, so a server session sends
 * the error back, and a client session sends nothing (it logs it), unless the error names one of
 * its own requests, which then fails with it.
 */
class UnreadableInputTest {
    private static final ProtocolException NOT_JSON =
            new ProtocolException(ErrorCodes.PARSE_ERROR, "unexpected character at line 1, column 2");

    private final ManualTransport clientSide = new ManualTransport();
    private final ClientSession client = ClientSession.builder(clientSide).clientInfo(Fixtures.CLIENT_INFO).build();
    private final ManualTransport serverSide = new ManualTransport();
    private final ServerSession server = ServerSession.builder(serverSide).serverInfo(Fixtures.SERVER_INFO).build();

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    @Test
    void aServerAnswersUnreadableInputWithItsError() throws Exception {
        serverSide.listener.onUnreadable(NOT_JSON);

        JsonRpcErrorResponse answer = assertInstanceOf(JsonRpcErrorResponse.class, serverSide.sent.poll(5, TimeUnit.SECONDS));
        assertNull(answer.id());
        assertEquals(ErrorCodes.PARSE_ERROR, answer.error().code());
        assertEquals("unexpected character at line 1, column 2", answer.error().message());
    }

    /** Found by the bad-input matrix: {@code notifications/cancelled} with an object as requestId was answered. */
    @Test
    void aServerAnswersNoNotificationWhoseParamsItRefused() throws Exception {
        ProtocolException badNotification = new ProtocolException(ErrorCodes.INVALID_PARAMS,
                "params.requestId: expected a request id").withRequest(null, McpMethodNames.CANCELLED);

        serverSide.listener.onUnreadable(badNotification);
        serverSide.listener.onUnreadable(NOT_JSON);

        // answers go out in order: the first answer is the second input's, so the first had none
        JsonRpcErrorResponse answer = assertInstanceOf(JsonRpcErrorResponse.class, serverSide.sent.poll(5, TimeUnit.SECONDS));
        assertEquals(ErrorCodes.PARSE_ERROR, answer.error().code(), answer.toString());
    }

    @Test
    void aRefusedRequestOfThePeersDoesNotFailOurOwnOfTheSameId() throws Exception {
        CompletableFuture<EmptyResult> ping = client.ping();
        JsonRpcRequest request = assertInstanceOf(JsonRpcRequest.class, clientSide.sent.poll(5, TimeUnit.SECONDS));
        ProtocolException theirs = new ProtocolException(ErrorCodes.INVALID_PARAMS, "params: expected an object")
                .withRequest(request.id(), "roots/list");

        clientSide.listener.onUnreadable(theirs);

        assertFalse(ping.isDone(), "the peer's request with our id is not our answer");
        clientSide.listener.onMessage(new JsonRpcResultResponse(request.id(), EmptyResult.of()));
        assertNotNull(ping.get(5, TimeUnit.SECONDS), "our request is answered by its own response");
    }

    @Test
    void aClientSendsNothingForUnreadableInputAndGoesOn() throws Exception {
        CompletableFuture<EmptyResult> ping = client.ping();
        JsonRpcRequest request = assertInstanceOf(JsonRpcRequest.class, clientSide.sent.poll(5, TimeUnit.SECONDS));
        ProtocolException aboutAnotherId = new ProtocolException(ErrorCodes.INVALID_PARAMS, "params.uri: expected a string",
                null, RequestId.of("not-ours"), null);

        clientSide.listener.onUnreadable(NOT_JSON);
        clientSide.listener.onUnreadable(aboutAnotherId);

        assertNextSentAnswersABarrierPing(clientSide, "a client answers no unreadable input");
        assertFalse(ping.isDone(), "an error that names no request of ours leaves them waiting");
        clientSide.listener.onMessage(new JsonRpcResultResponse(request.id(), EmptyResult.of()));
        assertNotNull(ping.get(5, TimeUnit.SECONDS), "and the session goes on");
    }

    @Test
    void unreadableResultFailsTheWaitingRequestInsteadOfBeingAnswered() throws Exception {
        CompletableFuture<EmptyResult> ping = client.ping();
        JsonRpcRequest request = assertInstanceOf(JsonRpcRequest.class, clientSide.sent.poll(5, TimeUnit.SECONDS));
        assertEquals(McpMethodNames.PING, client.pendingRequests().methodOf(request.id()));
        ProtocolException badResult = new ProtocolException(ErrorCodes.INVALID_REQUEST, "result: expected an object",
                null, request.id(), null);

        clientSide.listener.onUnreadable(badResult);

        ExecutionException failure = assertThrows(ExecutionException.class, () -> ping.get(5, TimeUnit.SECONDS));
        assertSame(badResult, failure.getCause());
        assertNextSentAnswersABarrierPing(clientSide, "nothing is sent back for our own request");
        assertNull(client.pendingRequests().methodOf(RequestId.of(1)));
    }

    /**
     * The barrier for "nothing was sent": a ping from the peer, read after the input before it and
     * answered on the same ordered way out, so anything that input made the session send comes first.
     */
    private static void assertNextSentAnswersABarrierPing(ManualTransport side, String nothingElse) throws Exception {
        RequestId barrier = RequestId.of("barrier");
        side.listener.onMessage(new JsonRpcRequest(barrier, McpMethodNames.PING, null));
        JsonRpcPayload next = side.sent.poll(5, TimeUnit.SECONDS);
        assertEquals(barrier, next instanceof JsonRpcResultResponse answer ? answer.id() : null,
                nothingElse + ": the first thing sent after it was " + next + ", not the answer to a later ping");
    }
}
