package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.InitializeResult;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DispatchTest {
    private final Fixtures fixtures = new Fixtures();

    @AfterEach
    void closeSessions() throws Exception {
        fixtures.close();
    }

    private static ProtocolException errorOf(CompletableFuture<?> future) {
        ExecutionException failure = assertThrows(ExecutionException.class, () -> future.get(5, TimeUnit.SECONDS));
        return assertInstanceOf(ProtocolException.class, failure.getCause());
    }

    @Test
    void pingIsAnsweredBothWays() throws Exception {
        Fixtures.Connected connected = fixtures.connect(server -> { }, client -> { });

        assertEquals(EmptyResult.of(), connected.client().ping().get(5, TimeUnit.SECONDS));
        assertEquals(EmptyResult.of(), connected.server().ping().get(5, TimeUnit.SECONDS));
    }

    @Test
    void responsesThatArriveOutOfOrderReachTheirCallers() throws Exception {
        CountDownLatch secondDone = new CountDownLatch(1);
        Fixtures.Connected connected = fixtures.connect(server -> server
                .requestHandler("test/first", (params, context) -> {
                    // answers only after the second request has been answered
                    assertTrue(secondDone.await(5, TimeUnit.SECONDS));
                    return Fixtures.json("answer", "first");
                })
                .requestHandler("test/second", (params, context) -> Fixtures.json("answer", "second")),
                client -> { });

        CompletableFuture<JsonObject> first = connected.client().sendRequest("test/first", null, JsonObject.class);
        CompletableFuture<JsonObject> second = connected.client().sendRequest("test/second", null, JsonObject.class);

        assertEquals("second", second.get(5, TimeUnit.SECONDS).getString("answer"));
        assertFalse(first.isDone());
        secondDone.countDown();
        assertEquals("first", first.get(5, TimeUnit.SECONDS).getString("answer"));
    }

    @Test
    void requestIdsAreNeverReused() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        RawPeer server = fixtures.raw(pair.server());
        ClientSession client = fixtures.client(pair.client(), builder -> { });

        Set<RequestId> ids = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            client.ping().cancel(true);
            ids.add(server.next(JsonRpcRequest.class).id());
            server.next(); // the notifications/cancelled of the abandoned ping
        }

        assertEquals(5, ids.size(), "ids " + ids);
    }

    @Test
    void unknownMethodIsMethodNotFoundNamingIt() throws Exception {
        Fixtures.Connected connected = fixtures.connect(server -> { }, client -> { });

        ProtocolException error = errorOf(connected.client().sendRequest("tools/list", null, Object.class));

        assertEquals(ErrorCodes.METHOD_NOT_FOUND, error.code());
        assertEquals("method not found: tools/list", error.getMessage());
    }

    @Test
    void handlerThatThrowsGivesInternalErrorWithASafeMessageAndTheSessionGoesOn() throws Exception {
        Fixtures.Connected connected = fixtures.connect(server -> server.requestHandler("test/boom",
                (params, context) -> { throw new IllegalStateException("secret path /etc/shadow"); }), client -> { });

        ProtocolException error = errorOf(connected.client().sendRequest("test/boom", null, Object.class));

        assertEquals(ErrorCodes.INTERNAL_ERROR, error.code());
        assertEquals("internal error while handling test/boom", error.getMessage());
        assertFalse(error.getMessage().contains("secret"));
        assertEquals(null, error.data());
        JsonObject echoed = connected.client()
                .sendRequest("test/echo", Fixtures.json("still", "here"), JsonObject.class).get(5, TimeUnit.SECONDS);
        assertEquals("here", echoed.getString("still"));
    }

    @Test
    void handlerProtocolExceptionBecomesThatErrorResponse() throws Exception {
        Fixtures.Connected connected = fixtures.connect(server -> server.requestHandler("test/missing",
                (params, context) -> { throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "no such resource",
                        Fixtures.json("uri", "file:///gone")); }), client -> { });

        ProtocolException error = errorOf(connected.client().sendRequest("test/missing", null, Object.class));

        assertEquals(ErrorCodes.INVALID_PARAMS, error.code());
        assertEquals("no such resource", error.getMessage());
        assertEquals(Fixtures.json("uri", "file:///gone"), error.data());
    }

    @Test
    void asynchronousHandlerIsAnsweredWhenItsStageCompletes() throws Exception {
        CompletableFuture<Object> later = new CompletableFuture<>();
        Fixtures.Connected connected = fixtures.connect(server -> server.requestHandler("test/later",
                (params, context) -> later), client -> { });

        CompletableFuture<JsonObject> answer = connected.client().sendRequest("test/later", null, JsonObject.class);
        assertFalse(answer.isDone());
        later.complete(Fixtures.json("done", "yes"));

        assertEquals("yes", answer.get(5, TimeUnit.SECONDS).getString("done"));
    }

    @Test
    void resultOfTheWrongTypeFailsTheCall() throws Exception {
        Fixtures.Connected connected = fixtures.connect(server -> { }, client -> { });

        ProtocolException error = errorOf(connected.client()
                .sendRequest("test/echo", Fixtures.json("a", "b"), InitializeResult.class));

        assertEquals(ErrorCodes.INVALID_REQUEST, error.code());
        assertTrue(error.getMessage().contains("expected dev.jmcp.schema.lifecycle.InitializeResult"), error.getMessage());
    }

    @Test
    void excessRequestIsRefusedNamingTheInFlightLimit() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch bothStarted = new CountDownLatch(2);
        Fixtures.Connected connected = fixtures.connect(server -> server
                .settings(SessionSettings.builder().maxRequestsInFlightPerSession(2).build())
                .requestHandler("test/hold", (params, context) -> {
                    bothStarted.countDown();
                    assertTrue(release.await(5, TimeUnit.SECONDS));
                    return null;
                }), client -> { });

        List<CompletableFuture<Object>> held = new ArrayList<>();
        held.add(connected.client().sendRequest("test/hold", null, Object.class));
        held.add(connected.client().sendRequest("test/hold", null, Object.class));
        assertTrue(bothStarted.await(5, TimeUnit.SECONDS));
        ProtocolException refused = errorOf(connected.client().sendRequest("test/hold", null, Object.class));

        assertEquals(ErrorCodes.INTERNAL_ERROR, refused.code());
        assertEquals("too many requests in flight: maxRequestsInFlightPerSession=2", refused.getMessage());
        assertEquals(EmptyResult.of(), connected.client().ping().get(5, TimeUnit.SECONDS), "ping is not bounded");
        release.countDown();
        for (CompletableFuture<Object> future : held) {
            assertEquals(EmptyResult.of(), future.get(5, TimeUnit.SECONDS));
        }
        assertEquals(EmptyResult.of(),
                connected.client().sendRequest("test/hold", null, Object.class).get(5, TimeUnit.SECONDS),
                "a freed slot is usable again");
    }

    @Test
    void notificationHandlersRunInArrivalOrder() throws Exception {
        List<String> seen = new ArrayList<>();
        CountDownLatch all = new CountDownLatch(50);
        Fixtures.Connected connected = fixtures.connect(server -> server.notificationHandler("test/note",
                (params, session) -> {
                    seen.add(((JsonObject) params).getString("n"));
                    all.countDown();
                }), client -> { });

        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            sent.add(Integer.toString(i));
            connected.client().sendNotification("test/note", Fixtures.json("n", Integer.toString(i)));
        }

        assertTrue(all.await(5, TimeUnit.SECONDS));
        synchronized (seen) {
            assertEquals(sent, seen);
        }
    }

    @Test
    void registeringASecondHandlerForAMethodFailsNamingIt() {
        ServerSession.Builder builder = ServerSession.builder(InMemoryTransport.pair().server())
                .requestHandler("test/one", (params, context) -> null);

        IllegalArgumentException duplicate = assertThrows(IllegalArgumentException.class,
                () -> builder.requestHandler("test/one", (params, context) -> null));
        IllegalArgumentException reserved = assertThrows(IllegalArgumentException.class,
                () -> builder.requestHandler(McpMethodNames.PING, (params, context) -> null));

        assertTrue(duplicate.getMessage().contains("test/one"), duplicate.getMessage());
        assertTrue(reserved.getMessage().contains("ping is handled by the session itself"), reserved.getMessage());
    }
}
