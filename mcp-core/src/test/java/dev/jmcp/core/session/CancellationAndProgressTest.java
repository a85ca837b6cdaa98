package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.CancelledNotificationParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CancellationAndProgressTest {
    private final Fixtures fixtures = new Fixtures();

    @AfterEach
    void closeSessions() throws Exception {
        fixtures.close();
    }

    /** A client session whose server is a raw peer, past the handshake. */
    private ClientSession clientOfRawServer(RawPeer server, InMemoryTransport transport) throws Exception {
        ClientSession client = fixtures.client(transport, builder -> { });
        CompletableFuture<InitializeResult> initialize = client.initialize();
        JsonRpcRequest request = server.next(JsonRpcRequest.class);
        server.send(new dev.jmcp.schema.jsonrpc.JsonRpcResultResponse(request.id(),
                InitializeResult.of("2025-11-25", Fixtures.SERVER_CAPABILITIES, Fixtures.SERVER_INFO)));
        initialize.get(5, TimeUnit.SECONDS);
        assertEquals(McpMethodNames.INITIALIZED, server.next(JsonRpcNotification.class).method());
        return client;
    }

    @Test
    void timeoutSendsCancelledAndFailsWithRequestTimeoutException() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        RawPeer server = fixtures.raw(pair.server());
        ClientSession client = clientOfRawServer(server, pair.client());

        CompletableFuture<Object> call = client.sendRequest("test/never", null, Object.class,
                RequestOptions.timeout(Duration.ofMillis(100)));
        JsonRpcRequest request = server.next(JsonRpcRequest.class);

        ExecutionException failure = assertThrows(ExecutionException.class, () -> call.get(5, TimeUnit.SECONDS));
        RequestTimeoutException timeout = assertInstanceOf(RequestTimeoutException.class, failure.getCause());
        assertEquals(request.id(), timeout.requestId());
        assertEquals("test/never", timeout.method());
        JsonRpcNotification cancelled = server.next(JsonRpcNotification.class);
        assertEquals(McpMethodNames.CANCELLED, cancelled.method());
        CancelledNotificationParams params = assertInstanceOf(CancelledNotificationParams.class, cancelled.params());
        assertEquals(request.id(), params.requestId());
        assertTrue(params.reason().contains("timed out"), params.reason());
        assertNull(client.pendingRequests().methodOf(request.id()), "the timed-out request is forgotten");
    }

    @Test
    void sessionTimeoutSettingAppliesWhenTheCallSetsNone() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        RawPeer server = fixtures.raw(pair.server());
        ClientSession client = fixtures.client(pair.client(),
                builder -> builder.settings(SessionSettings.builder().requestTimeout(Duration.ofMillis(100)).build()));

        CompletableFuture<InitializeResult> initialize = client.initialize();
        assertEquals(McpMethodNames.INITIALIZE, server.next(JsonRpcRequest.class).method());

        ExecutionException failure = assertThrows(ExecutionException.class, () -> initialize.get(5, TimeUnit.SECONDS));
        assertEquals(Duration.ofMillis(100), assertInstanceOf(RequestTimeoutException.class, failure.getCause()).timeout());
        // initialize must never be cancelled; 300 ms is ample for a notification that was sent at once
        assertNull(server.poll(300), "no notifications/cancelled for initialize");
    }

    @Test
    void callerCancellationSendsCancelledAndTheHandlerSeesIt() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch listenerRan = new CountDownLatch(1);
        CompletableFuture<Boolean> sawCancelled = new CompletableFuture<>();
        Fixtures.Connected connected = fixtures.connect(server -> server.requestHandler("test/slow",
                (params, context) -> {
                    context.onCancel(listenerRan::countDown);
                    started.countDown();
                    listenerRan.await(5, TimeUnit.SECONDS);
                    sawCancelled.complete(context.isCancelled());
                    return Fixtures.json("too", "late");
                }), client -> { });

        CompletableFuture<JsonObject> call = connected.client().sendRequest("test/slow", null, JsonObject.class);
        assertTrue(started.await(5, TimeUnit.SECONDS));
        assertTrue(call.cancel(true));

        assertTrue(sawCancelled.get(5, TimeUnit.SECONDS), "the handler's isCancelled()");
        assertTrue(call.isCancelled());
        assertEquals("still", connected.client().sendRequest("test/echo", Fixtures.json("working", "still"),
                JsonObject.class).get(5, TimeUnit.SECONDS).getString("working"));
    }

    @Test
    void progressNotificationsReachTheCallersListenerBeforeTheResult() throws Exception {
        Fixtures.Connected connected = fixtures.connect(server -> server.requestHandler(McpMethodNames.RESOURCES_READ,
                (params, context) -> {
                    assertNotNull(context.progressToken());
                    context.progress(1, 3.0, "one");
                    context.progress(2, 3.0, "two");
                    context.progress(3, 3.0, "three");
                    return Fixtures.json("uri", ((ReadResourceRequestParams) params).uri());
                }), client -> { });
        List<ProgressNotificationParams> seen = new CopyOnWriteArrayList<>();

        JsonObject result = connected.client().sendRequest(McpMethodNames.RESOURCES_READ,
                ReadResourceRequestParams.of("file:///big"), JsonObject.class, RequestOptions.progress(seen::add))
                .get(5, TimeUnit.SECONDS);

        assertEquals("file:///big", result.getString("uri"), "the params kept their fields");
        assertEquals(List.of(1.0, 2.0, 3.0), seen.stream().map(ProgressNotificationParams::progress).toList());
        assertEquals(List.of("one", "two", "three"), seen.stream().map(ProgressNotificationParams::message).toList());
        assertEquals(3.0, seen.get(0).total());
    }

    @Test
    void requestWithoutProgressTokenGetsNoProgressNotifications() throws Exception {
        AtomicBoolean hadToken = new AtomicBoolean(true);
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        fixtures.server(pair.server(), builder -> builder.requestHandler("test/quiet", (params, context) -> {
            hadToken.set(context.progressToken() != null);
            return context.progress(1, null, "ignored").thenApply(ignored -> null);
        }));
        RawPeer client = fixtures.raw(pair.client());
        client.initializeAsClient("2025-11-25");

        client.send(new JsonRpcRequest(dev.jmcp.schema.jsonrpc.RequestId.of("q"), "test/quiet", null));

        client.next(dev.jmcp.schema.jsonrpc.JsonRpcResultResponse.class);
        assertEquals(false, hadToken.get());
    }

    @Test
    void progressTokenOfTheWrongTypeIsInvalidParamsNamingIt() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        fixtures.server(pair.server(), builder -> { });
        RawPeer client = fixtures.raw(pair.client());
        client.initializeAsClient("2025-11-25");

        // ping too, which the engine answers itself: found by the bad-input matrix, it answered {}
        for (String method : List.of("test/echo", "ping")) {
            for (String token : List.of("{\"a\":1}", "1.5", "true", "null", "[1]", "18446744073709551616")) {
                JsonObject params = jakarta.json.Json.createReader(new java.io.StringReader(
                        "{\"_meta\":{\"progressToken\":" + token + "}}")).readObject();
                client.send(new JsonRpcRequest(dev.jmcp.schema.jsonrpc.RequestId.of(token), method, params));

                dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse refused =
                        client.next(dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse.class);
                assertEquals(dev.jmcp.schema.jsonrpc.RequestId.of(token), refused.id());
                assertEquals(ErrorCodes.INVALID_PARAMS, refused.error().code(), method + " " + token);
                assertTrue(refused.error().message().contains("params._meta.progressToken"), refused.error().message());
            }
        }
        client.send(new JsonRpcRequest(dev.jmcp.schema.jsonrpc.RequestId.of("after"), "test/echo", null));
        assertEquals(dev.jmcp.schema.jsonrpc.RequestId.of("after"),
                client.next(dev.jmcp.schema.jsonrpc.JsonRpcResultResponse.class).id());
    }

    @Test
    void progressThatDoesNotGrowIsRefused() throws Exception {
        Fixtures.Connected connected = fixtures.connect(server -> server.requestHandler("test/backwards",
                (params, context) -> {
                    context.progress(2, null, null);
                    context.progress(1, null, null);
                    return null;
                }), client -> { });

        ExecutionException failure = assertThrows(ExecutionException.class, () -> connected.client()
                .sendRequest("test/backwards", null, Object.class, RequestOptions.progress(progress -> { }))
                .get(5, TimeUnit.SECONDS));

        assertEquals(ErrorCodes.INTERNAL_ERROR, assertInstanceOf(ProtocolException.class, failure.getCause()).code());
    }
}
