package dev.jmcp.core.stateless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.ServerSettings;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A stateless request on a transport that carries only it ({@link McpTransport#carriesOneRequest()},
 * as Streamable HTTP's 2026-07-28 POSTs do) is served without a session, on handlers that every
 * feature registered once, and still gets all a session gave it: the era's result fields, progress,
 * the in-flight bound, cancellation when the transport closes first.
 */
class OneRequestTransportTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final McpCodec CODEC = McpCodec.defaults();

    /** A tools feature whose one tool blocks until released, reports progress, and counts its registrations. */
    private static final class SlowTools implements ServerFeature {
        final AtomicInteger registrations = new AtomicInteger();
        final CountDownLatch started = new CountDownLatch(1);
        final CompletableFuture<Void> release = new CompletableFuture<>();
        final CompletableFuture<String> cancelled = new CompletableFuture<>();
        final CompletableFuture<Object> session = new CompletableFuture<>();

        @Override
        public void declare(ServerCapabilities.Builder capabilities) {
            capabilities.tools(ListChangedCapability.of(false));
        }

        @Override
        public void register(FeatureHandlers handlers) {
            registrations.incrementAndGet();
            handlers.requestHandler("tools/list", (params, context) -> JSON.createObjectBuilder()
                    .add("tools", JSON.createArrayBuilder()).build());
            handlers.requestHandler("tools/call", (params, context) -> {
                session.complete(context.session());
                context.onCancel(() -> cancelled.complete("cancelled"));
                context.progress(1, 2.0, "half").join();
                started.countDown();
                release.get(10, TimeUnit.SECONDS);
                return JSON.createObjectBuilder().add("content", JSON.createArrayBuilder()).build();
            });
        }
    }

    /** A transport of one request, delivered when it starts; what the server sends is queued. */
    private static final class OneRequest implements McpTransport {
        final BlockingQueue<JsonRpcPayload> sent = new LinkedBlockingQueue<>();
        final CompletableFuture<Void> closed = new CompletableFuture<>();
        private final JsonRpcPayload request;
        private Listener listener;

        OneRequest(String json) {
            this.request = CODEC.read(json.getBytes(StandardCharsets.UTF_8), PendingRequests.NONE);
        }

        @Override
        public synchronized void start(Listener value) {
            listener = value;
            value.onMessage(request);
        }

        @Override
        public CompletableFuture<Void> send(JsonRpcPayload payload) {
            sent.add(payload);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {
            Listener value;
            synchronized (this) {
                value = listener;
            }
            if (closed.complete(null) && value != null) {
                value.onClosed(null);
            }
        }

        @Override
        public boolean carriesOneRequest() {
            return true;
        }

        JsonRpcPayload next() throws InterruptedException {
            JsonRpcPayload payload = sent.poll(10, TimeUnit.SECONDS);
            assertTrue(payload != null, "the server sent nothing within 10 s");
            return payload;
        }
    }

    private static String call(int id, String progressToken) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"slow\","
                + "\"_meta\":{\"progressToken\":\"" + progressToken + "\","
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    }

    @Test
    void featuresRegisterOnceAndEachRequestIsServedWithoutASession() throws Exception {
        SlowTools tools = new SlowTools();
        try (McpServer server = McpServer.builder().serverInfo("one", "1").feature(tools).build()) {
            for (int i = 1; i <= 3; i++) {
                OneRequest transport = new OneRequest(Requests.request(i, "tools/list", ""));
                server.serve(transport);
                JsonRpcResultResponse answer = assertInstanceOf(JsonRpcResultResponse.class, transport.next());
                JsonObject result = (JsonObject) answer.result();
                assertEquals("complete", result.getString("resultType"), "the era's fields are added");
                assertEquals("one", result.getJsonObject("_meta")
                        .getJsonObject("io.modelcontextprotocol/serverInfo").getString("name"));
            }
            assertEquals(1, tools.registrations.get(), "register runs once per server, not per request");
            assertTrue(server.sessions().isEmpty(), "a stateless request is not a session the server tracks");
        }
    }

    @Test
    void progressGoesFirstAndTheHandlersSessionIsTheRequestsOwn() throws Exception {
        SlowTools tools = new SlowTools();
        try (McpServer server = McpServer.builder().serverInfo("one", "1").feature(tools).build()) {
            OneRequest transport = new OneRequest(call(7, "p"));
            ServerSession served = server.serve(transport);
            JsonRpcNotification progress = assertInstanceOf(JsonRpcNotification.class, transport.next());
            assertEquals("notifications/progress", progress.method());
            ServerSession seen = (ServerSession) tools.session.get(10, TimeUnit.SECONDS);
            assertTrue(seen == served, "the handler's session is the face serve returned");
            ExecutionException refused = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> seen.sendRequest("ping", null, JsonObject.class).get(10, TimeUnit.SECONDS));
            assertTrue(refused.getCause().getMessage().contains("sends no request"), refused.getCause().getMessage());
            tools.release.complete(null);
            JsonRpcResultResponse answer = assertInstanceOf(JsonRpcResultResponse.class, transport.next());
            assertEquals("complete", ((JsonObject) answer.result()).getString("resultType"));
            assertFalse(tools.cancelled.isDone(), "an answered request is not cancelled");
        }
    }

    @Test
    void aTransportThatClosesFirstCancelsTheRequestAndFreesItsPlace() throws Exception {
        SlowTools tools = new SlowTools();
        try (McpServer server = McpServer.builder().serverInfo("one", "1").feature(tools)
                .settings(ServerSettings.builder().maxRequestsInFlight(1).build()).build()) {
            OneRequest slow = new OneRequest(call(1, "a"));
            ServerSession served = server.serve(slow);
            assertTrue(tools.started.await(10, TimeUnit.SECONDS), "the handler runs");

            OneRequest refused = new OneRequest(Requests.request(2, "tools/list", ""));
            server.serve(refused);
            JsonRpcErrorResponse busy = assertInstanceOf(JsonRpcErrorResponse.class, refused.next());
            assertEquals(ErrorCodes.INTERNAL_ERROR, busy.error().code());
            assertTrue(busy.error().message().contains("maxRequestsInFlight=1"), busy.error().message());

            slow.close(); // the client went
            assertEquals("cancelled", tools.cancelled.get(10, TimeUnit.SECONDS));
            served.onClose().get(10, TimeUnit.SECONDS);
            assertFalse(served.isOpen());

            OneRequest after = new OneRequest(Requests.request(3, "tools/list", ""));
            server.serve(after);
            assertInstanceOf(JsonRpcResultResponse.class, after.next(), "the place was given back");
        }
    }

    @Test
    void aRequestOfNoStatelessRevisionIsRefusedNamingTheRule() throws Exception {
        try (McpServer server = McpServer.builder().serverInfo("one", "1").feature(new SlowTools()).build()) {
            OneRequest transport = new OneRequest("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
            server.serve(transport);
            JsonRpcErrorResponse refused = assertInstanceOf(JsonRpcErrorResponse.class, transport.next());
            assertEquals(ErrorCodes.INVALID_REQUEST, refused.error().code());
            assertTrue(refused.error().message().contains("params._meta must name"), refused.error().message());
        }
    }
}
