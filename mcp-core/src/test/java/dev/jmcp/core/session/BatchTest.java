package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BatchTest {
    private final Fixtures fixtures = new Fixtures();

    @AfterEach
    void closeSessions() throws Exception {
        fixtures.close();
    }

    private RawPeer rawClientOfServer(String version, CountDownLatch noted) throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        fixtures.server(pair.server(), builder -> builder
                .notificationHandler("test/note", (params, session) -> noted.countDown()));
        RawPeer client = fixtures.raw(pair.client());
        client.initializeAsClient(version);
        return client;
    }

    private static JsonRpcBatch batch() {
        return new JsonRpcBatch(List.of(
                new JsonRpcRequest(RequestId.of(10), McpMethodNames.PING, null),
                new JsonRpcNotification("test/note", null),
                new JsonRpcRequest(RequestId.of(11), "test/echo", Fixtures.json("in", "batch")),
                new JsonRpcRequest(RequestId.of(12), "test/unknown", null)));
    }

    @Test
    void batchUnder20250326GetsOneBatchReply() throws Exception {
        CountDownLatch noted = new CountDownLatch(1);
        RawPeer client = rawClientOfServer("2025-03-26", noted);

        client.send(batch());

        JsonRpcBatch reply = client.next(JsonRpcBatch.class);
        Map<RequestId, JsonRpcMessage> byId = reply.messages().stream()
                .collect(Collectors.toMap(BatchTest::idOf, Function.identity()));
        assertEquals(3, reply.messages().size());
        assertEquals(EmptyResult.of(), assertInstanceOf(JsonRpcResultResponse.class, byId.get(RequestId.of(10))).result());
        assertEquals(Fixtures.json("in", "batch"),
                assertInstanceOf(JsonRpcResultResponse.class, byId.get(RequestId.of(11))).result());
        assertEquals(ErrorCodes.METHOD_NOT_FOUND,
                assertInstanceOf(JsonRpcErrorResponse.class, byId.get(RequestId.of(12))).error().code());
        assertEquals(true, noted.await(5, TimeUnit.SECONDS), "the batch's notification was handled");
    }

    @Test
    void batchUnder20251125IsRefusedRequestByRequest() throws Exception {
        CountDownLatch noted = new CountDownLatch(1);
        RawPeer client = rawClientOfServer("2025-11-25", noted);

        client.send(batch());

        for (long id = 10; id <= 12; id++) {
            JsonRpcErrorResponse refused = client.next(JsonRpcErrorResponse.class);
            assertEquals(RequestId.of(id), refused.id());
            assertEquals(ErrorCodes.INVALID_REQUEST, refused.error().code());
            assertEquals("batch refused: JSON-RPC batches are accepted only under protocol version 2025-03-26, "
                    + "and this session uses 2025-11-25", refused.error().message());
        }
        assertEquals(1, noted.getCount(), "nothing in a refused batch is handled");
    }

    @Test
    void batchOfNotificationsOnlyGetsNoReply() throws Exception {
        CountDownLatch noted = new CountDownLatch(2);
        RawPeer client = rawClientOfServer("2025-03-26", noted);

        client.send(new JsonRpcBatch(List.of(new JsonRpcNotification("test/note", null),
                new JsonRpcNotification("test/note", null))));

        assertEquals(true, noted.await(5, TimeUnit.SECONDS));
        client.send(new JsonRpcRequest(RequestId.of(99), McpMethodNames.PING, null));
        assertEquals(RequestId.of(99), client.next(JsonRpcResultResponse.class).id(), "no reply came before the ping's");
        assertNull(client.poll(0));
    }

    private static RequestId idOf(JsonRpcMessage message) {
        if (message instanceof JsonRpcResultResponse result) {
            return result.id();
        }
        return ((JsonRpcErrorResponse) message).id();
    }
}
