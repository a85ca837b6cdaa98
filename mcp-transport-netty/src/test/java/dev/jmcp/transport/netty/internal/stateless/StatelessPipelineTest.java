package dev.jmcp.transport.netty.internal.stateless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.internal.Leftovers;
import dev.jmcp.transport.netty.internal.Recorder;
import dev.jmcp.transport.netty.internal.Wire;
import dev.jmcp.transport.netty.internal.body.BodyProducers;
import dev.jmcp.transport.netty.internal.server.EndpointHandlers;
import dev.jmcp.transport.netty.internal.server.ServerContext;
import dev.jmcp.transport.netty.internal.server.SessionPipeline;
import dev.jmcp.transport.netty.internal.session.SessionRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.stream.ChunkedWriteHandler;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The POSTs of the stateless era through the router, the POST handlers and a
 * {@link StatelessExchange}, on {@link EmbeddedChannel}s: each step of the validation order with
 * its status, code and the request's id, and the exchange's JSON and SSE answers.
 */
@ExtendWith(LeakCheck.class)
class StatelessPipelineTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private final List<McpTransport> transports = new ArrayList<>();
    private final List<Recorder> recorders = new ArrayList<>();
    private final List<EmbeddedChannel> channels = new ArrayList<>();
    private final SessionRegistry registry = new SessionRegistry(4);
    private HttpServerSettings settings = HttpServerSettings.defaults();

    private final BodyProducers producers = new BodyProducers(2);

    @AfterEach
    void releaseEverything() {
        try {
            Leftovers.assertNoneLeft(channels);
        } finally {
            producers.close();
        }
    }

    private EmbeddedChannel connection() {
        ServerContext context = new ServerContext(settings, "/mcp", registry, this::accept, producers);
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler());
        new EndpointHandlers(context).addTo(channel.pipeline());
        channels.add(channel);
        return channel;
    }

    private void accept(McpTransport transport) {
        Recorder recorder = new Recorder();
        transport.start(recorder);
        transports.add(transport);
        recorders.add(recorder);
    }

    /** @return a POST of {@code body} with the headers of a 2026-07-28 client, then {@code headers} */
    static FullHttpRequest post(String body, String... headers) {
        FullHttpRequest request = SessionPipeline.request(HttpMethod.POST, "/mcp", body, null);
        request.headers().set("MCP-Protocol-Version", "2026-07-28");
        for (int i = 0; i < headers.length; i += 2) {
            if (headers[i + 1] == null) {
                request.headers().remove(headers[i]);
            } else {
                request.headers().set(headers[i], headers[i + 1]);
            }
        }
        return request;
    }

    static String call(Object id, String method, String params) {
        String idText = id instanceof String text ? "\"" + text + "\"" : String.valueOf(id);
        return "{\"jsonrpc\":\"2.0\",\"id\":" + idText + ",\"method\":\"" + method + "\",\"params\":{" + params + "}}";
    }

    private Wire send(FullHttpRequest request) {
        EmbeddedChannel channel = connection();
        channel.writeInbound(request);
        return Wire.drain(channel);
    }

    private static JsonObject json(String text) {
        return JSON.createReader(new StringReader(text)).readObject();
    }

    /** Asserts a refusal: its status, its JSON-RPC code, and that it answers {@code id} with id's JSON type. */
    private static JsonObject refused(Wire wire, int status, int code, Object id) {
        assertEquals(status, wire.status(), wire.text());
        assertEquals("application/json", wire.head().headers().get("Content-Type"));
        JsonObject body = json(wire.text());
        assertEquals(code, body.getJsonObject("error").getInt("code"), wire.text());
        if (id == null) {
            assertFalse(body.containsKey("id") && body.get("id") != jakarta.json.JsonValue.NULL, wire.text());
        } else if (id instanceof String text) {
            assertEquals(text, assertInstanceOf(JsonString.class, body.get("id")).getString());
        } else {
            assertEquals(((Number) id).longValue(), assertInstanceOf(JsonNumber.class, body.get("id")).longValueExact());
        }
        return body;
    }

    // ---- the validation order ----

    @Test
    void aBodyThatCannotBeReadIsRefusedWithTheCodecsError() {
        refused(send(post("{not json", "Mcp-Method", "x")), 400, ErrorCodes.PARSE_ERROR, null);
        refused(send(post(call(1234567890123L, "resources/read", META), "Mcp-Method", "resources/read")), 400,
                ErrorCodes.INVALID_PARAMS, 1234567890123L);
        refused(send(post("[" + call(1, "tools/list", META) + "]", "Mcp-Method", "tools/list")), 400,
                ErrorCodes.INVALID_REQUEST, null);
        refused(send(post("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}")), 400, ErrorCodes.INVALID_REQUEST, null);
        assertTrue(transports.isEmpty());
    }

    @Test
    void aRemovedMethodWhoseParamsTheCodecRefusesStillReachesTheSession() {
        for (String method : List.of("initialize", "logging/setLevel", "resources/subscribe")) {
            send(post(call(500, method, META), "Mcp-Method", method));
            JsonRpcRequest received = (JsonRpcRequest) recorders.get(recorders.size() - 1).messages.get(0);
            assertEquals(method, received.method());
            assertEquals(RequestId.of(500), received.id());
            assertTrue(assertInstanceOf(JsonObject.class, received.params()).containsKey("_meta"),
                    "the session reads the _meta and answers -32601 for the method");
        }
        assertEquals(3, transports.size());
    }

    @Test
    void aStatelessBodyWithoutTheVersionHeaderIsAHeaderMismatch() {
        JsonObject body = refused(send(post(call(7, "tools/list", META), "MCP-Protocol-Version", null,
                "Mcp-Method", "tools/list")), 400, ErrorCodes.HEADER_MISMATCH, 7);
        assertTrue(body.getJsonObject("error").getString("message").contains("MCP-Protocol-Version"));
        refused(send(post(call(8, "tools/list", META), "MCP-Protocol-Version", "2025-11-25",
                "Mcp-Method", "tools/list")), 400, ErrorCodes.HEADER_MISMATCH, 8);
        assertTrue(transports.isEmpty(), "neither reached a session");
    }

    @Test
    void aMalformedMetaIsInvalidParamsWithTheRequestsId() {
        refused(send(post(call(101, "server/discover", ""), "Mcp-Method", "server/discover")), 400,
                ErrorCodes.INVALID_PARAMS, 101);
        refused(send(post(call(102, "server/discover", "\"_meta\":{\"io.modelcontextprotocol/clientCapabilities\":{}}"),
                "Mcp-Method", "server/discover")), 400, ErrorCodes.INVALID_PARAMS, 102);
        refused(send(post(call("r-104", "server/discover",
                "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}"),
                "Mcp-Method", "server/discover")), 400, ErrorCodes.INVALID_PARAMS, "r-104");
        refused(send(post(call(1712345678901L, "server/discover", ""), "Mcp-Method", "server/discover")), 400,
                ErrorCodes.INVALID_PARAMS, 1712345678901L);
    }

    @Test
    void aVersionHeaderThatDiffersFromTheBodyIsAHeaderMismatch() {
        String meta = META.replace("2026-07-28", "v999.0.0");
        JsonObject body = refused(send(post(call(302, "server/discover", meta), "Mcp-Method", "server/discover")), 400,
                ErrorCodes.HEADER_MISMATCH, 302);
        assertEquals("Header mismatch: MCP-Protocol-Version header value '2026-07-28' does not match body value "
                + "'v999.0.0'", body.getJsonObject("error").getString("message"));
    }

    @Test
    void theMethodAndNameHeadersMustRepeatTheBody() {
        String read = call(5, "resources/read", "\"uri\":\"test://a\"," + META);
        refused(send(post(read)), 400, ErrorCodes.HEADER_MISMATCH, 5);
        refused(send(post(read, "Mcp-Method", "resources/list")), 400, ErrorCodes.HEADER_MISMATCH, 5);
        refused(send(post(read, "Mcp-Method", "resources/read")), 400, ErrorCodes.HEADER_MISMATCH, 5);
        refused(send(post(read, "Mcp-Method", "resources/read", "Mcp-Name", "test://b")), 400,
                ErrorCodes.HEADER_MISMATCH, 5);
        refused(send(post(read, "Mcp-Method", "resources/read", "Mcp-Name", "=?base64?dGVzdDovL2E?=")), 400,
                ErrorCodes.HEADER_MISMATCH, 5);
        assertTrue(transports.isEmpty());
        send(post(read, "Mcp-Method", "resources/read", "Mcp-Name", "=?base64?dGVzdDovL2E=?="));
        assertEquals(1, transports.size(), "a padded sentinel that decodes to the uri is accepted");
    }

    @Test
    void aValidRequestIsAnsweredAloneWithJsonAndEndsItsTransport() {
        EmbeddedChannel channel = connection();
        channel.writeInbound(post(call(9, "tools/list", META), "Mcp-Method", "tools/list",
                "Mcp-Session-Id", "feedface", "Last-Event-ID", "1-1"));
        StatelessExchange exchange = assertInstanceOf(StatelessExchange.class, transports.get(0));
        JsonRpcRequest received = (JsonRpcRequest) recorders.get(0).messages.get(0);
        assertEquals(RequestId.of(9), received.id());
        CompletableFuture<Void> taken = exchange.send(new JsonRpcResultResponse(RequestId.of(9), EmptyResult.of()));
        Wire wire = Wire.drain(channel);
        assertEquals(200, wire.status());
        assertEquals("application/json", wire.head().headers().get("Content-Type"));
        assertNull(wire.head().headers().get("Mcp-Session-Id"), "the stateless era has no session to name");
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}", wire.text());
        assertEquals(1, wire.lasts);
        assertTrue(taken.isDone());
        assertEquals(1, recorders.get(0).closed, "the answer ends the transport, and the session with it");
        CompletableFuture<Void> late = exchange.send(new JsonRpcNotification("notifications/message", null));
        assertEquals(0, Wire.drain(channel).body.size(), "nothing follows the answer");
        assertTrue(late.isCompletedExceptionally());
        assertTrue(channel.isActive(), "the connection stays for the next request");
    }

    @Test
    void anErrorAnsweredAloneGetsTheStatusItsCodeMapsTo() {
        int[][] cases = {{ErrorCodes.METHOD_NOT_FOUND, 404}, {ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION, 400},
                {ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY, 400}, {ErrorCodes.HEADER_MISMATCH, 400},
                {ErrorCodes.INVALID_PARAMS, 200}, {ErrorCodes.INTERNAL_ERROR, 200}};
        for (int[] c : cases) {
            EmbeddedChannel channel = connection();
            channel.writeInbound(post(call(11, "tools/list", META), "Mcp-Method", "tools/list"));
            transports.get(transports.size() - 1).send(new JsonRpcErrorResponse(RequestId.of(11),
                    new JsonRpcError(c[0], "no", null)));
            refused(Wire.drain(channel), c[1], c[0], 11);
        }
    }

    @Test
    void notificationsBeforeTheAnswerMakeAnSseStreamWithoutEventIds() {
        EmbeddedChannel channel = connection();
        channel.writeInbound(post(call(12, "slow", META.replace("{\"io", "{\"progressToken\":\"p\",\"io")),
                "Mcp-Method", "slow"));
        McpTransport exchange = transports.get(0);
        exchange.send(new JsonRpcNotification("notifications/progress",
                ProgressNotificationParams.of(ProgressToken.of("p"), 1, 2.0)));
        Wire first = Wire.drain(channel);
        assertEquals(200, first.status());
        assertEquals("text/event-stream", first.head().headers().get("Content-Type"));
        assertEquals("no-cache", first.head().headers().get("Cache-Control"));
        assertEquals("no", first.head().headers().get("X-Accel-Buffering"));
        assertNull(first.head().headers().get("Mcp-Session-Id"));
        assertTrue(first.text().startsWith("data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\""),
                first.text());
        assertEquals(0, first.lasts, "flushed at once, and the stream goes on");
        exchange.send(new JsonRpcResultResponse(RequestId.of(12), EmptyResult.of()));
        Wire rest = Wire.drain(channel);
        String text = first.text() + rest.text();
        assertEquals(2, text.split("\n\n").length, text);
        for (String line : text.split("\n")) {
            assertTrue(line.isEmpty() || line.startsWith("data: {"), "one data line per message, no id: " + line);
        }
        assertTrue(rest.text().equals("data: {\"jsonrpc\":\"2.0\",\"id\":12,\"result\":{}}\n\n"), rest.text());
        assertEquals(1, rest.lasts, "the answer ends the stream");
        assertEquals(1, recorders.get(0).closed);
    }

    @Test
    void aQuietStreamGetsKeepAliveCommentsUntilItEnds() {
        settings = settings.toBuilder().sseKeepAliveInterval(Duration.ofSeconds(15)).build();
        EmbeddedChannel channel = connection();
        channel.freezeTime();
        channel.writeInbound(post(call(13, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true}," + META),
                "Mcp-Method", "subscriptions/listen"));
        McpTransport exchange = transports.get(0);
        exchange.send(new JsonRpcNotification("notifications/subscriptions/acknowledged", null));
        Wire.drain(channel);
        channel.advanceTimeBy(14, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertEquals("", Wire.drain(channel).text());
        channel.advanceTimeBy(2, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertEquals(":\n\n", Wire.drain(channel).text());
        channel.advanceTimeBy(15, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertEquals(":\n\n", Wire.drain(channel).text());
        exchange.send(new JsonRpcResultResponse(RequestId.of(13), EmptyResult.of()));
        assertEquals(1, Wire.drain(channel).lasts);
        channel.advanceTimeBy(60, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertEquals(0, Wire.drain(channel).body.size(), "nothing after the end");
    }

    @Test
    void closingTheConnectionCancelsTheRequestAndNothingMoreIsSent() {
        EmbeddedChannel channel = connection();
        channel.writeInbound(post(call(14, "slow", META), "Mcp-Method", "slow"));
        McpTransport exchange = transports.get(0);
        assertEquals(0, recorders.get(0).closed);
        channel.close();
        assertEquals(1, recorders.get(0).closed, "the session learns of it, and cancels the handler");
        CompletableFuture<Void> late = exchange.send(new JsonRpcResultResponse(RequestId.of(14), EmptyResult.of()));
        channel.runPendingTasks();
        assertTrue(late.isCompletedExceptionally());
        exchange.close();
        channel.runPendingTasks();
        assertEquals(1, recorders.get(0).closed, "exactly one onClosed");
    }

    @Test
    void aServerRequestIsRefusedAndAServerThatGivesUpAnswers503() {
        EmbeddedChannel channel = connection();
        channel.writeInbound(post(call(15, "tools/call", "\"name\":\"t\"," + META), "Mcp-Method", "tools/call",
                "Mcp-Name", "t"));
        McpTransport exchange = transports.get(0);
        CompletableFuture<Void> sampling = exchange.send(new JsonRpcRequest(RequestId.of(1), "sampling/createMessage",
                null));
        channel.runPendingTasks();
        assertTrue(sampling.isCompletedExceptionally(), "the era has no server requests");
        exchange.close();
        refused(Wire.drain(channel), 503, ErrorCodes.INTERNAL_ERROR, 15);
        assertEquals(1, recorders.get(0).closed);
    }

    @Test
    void aNotificationIsAcceptedWhenItsRevisionIsServed() {
        Wire accepted = send(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}"));
        assertEquals(202, accepted.status());
        assertEquals(0, accepted.body.size());
        JsonObject body = refused(send(post("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}", "MCP-Protocol-Version", "1999-01-01")),
                400, ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION, null);
        assertEquals("1999-01-01", body.getJsonObject("error").getJsonObject("data").getString("requested"));
        assertTrue(transports.isEmpty());
    }

    @Test
    void getAndDeleteOfAStatelessClientAreNotAllowed() {
        for (HttpMethod method : List.of(HttpMethod.GET, HttpMethod.DELETE, HttpMethod.PUT)) {
            FullHttpRequest request = SessionPipeline.request(method, "/mcp", null, "feedface");
            request.headers().set("MCP-Protocol-Version", "2026-07-28");
            Wire wire = send(request);
            assertEquals(405, wire.status(), method.name());
            assertEquals("POST", wire.head().headers().get("Allow"));
        }
        assertEquals(400, send(SessionPipeline.request(HttpMethod.GET, "/mcp", null, null)).status(),
                "without the header a GET is the handshake era's, which needs a session");
    }
}
