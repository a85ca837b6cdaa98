package dev.jmcp.transport.netty.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.internal.Recorder;
import dev.jmcp.transport.netty.internal.Wire;
import dev.jmcp.transport.netty.internal.session.HttpSession;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The router, the POST, GET and DELETE handlers and the session's stream routing, on
 * {@link EmbeddedChannel}s that stand for client connections (a session spans several).
 */
@ExtendWith(LeakCheck.class)
class PipelineTest {
    private static final Duration HEAD_DELAY = Duration.ofMillis(50);
    private final SessionPipeline pipe = new SessionPipeline();
    private final List<HttpSession> sessions = pipe.sessions;
    private final List<Recorder> recorders = pipe.recorders;

    @AfterEach
    void releaseEverything() {
        pipe.close();
    }

    private EmbeddedChannel connection() {
        return pipe.connection();
    }

    private static FullHttpRequest request(HttpMethod method, String uri, String body, String session) {
        return SessionPipeline.request(method, uri, body, session);
    }

    private HttpSession initialize() {
        return pipe.initialize();
    }

    @Test
    void initializeOpensASessionAndIsAnsweredOnAPrimedStream() {
        // without sseHeadDelay (the default), every POST of requests starts its stream at once
        EmbeddedChannel channel = connection();
        channel.writeInbound(request(HttpMethod.POST, "/mcp", SessionPipeline.INITIALIZE, null));
        assertEquals(1, sessions.size(), "onSession got the new transport");
        HttpSession session = sessions.get(0);
        JsonRpcRequest received = (JsonRpcRequest) recorders.get(0).messages.get(0);
        assertEquals("initialize", received.method());
        session.send(new JsonRpcResultResponse(RequestId.of(1), new InitializeResult("2025-11-25",
                ServerCapabilities.none(), Implementation.of("s", "1"), null, null)));
        Wire wire = Wire.drain(channel);
        assertEquals(200, wire.status());
        assertEquals("text/event-stream", wire.head().headers().get("Content-Type"));
        String id = wire.head().headers().get("Mcp-Session-Id");
        assertEquals(session.id(), id);
        assertTrue(id.matches("[0-9a-f]{32}"), id);
        assertTrue(wire.text().startsWith("id: 1-1\ndata:\n\nid: 1-2\nevent: message\ndata: {"), wire.text());
        assertEquals(1, wire.lasts, "the stream ends after the last answer");
        assertEquals("2025-11-25", session.protocolVersion());
    }

    @Test
    void theRouterRefusesWhatTheSpecRefuses() {
        HttpSession session = initialize();
        EmbeddedChannel channel = connection();
        channel.writeInbound(request(HttpMethod.PUT, "/mcp", "{}", session.id()));
        Wire wire = Wire.drain(channel);
        assertEquals(405, wire.status());
        assertEquals("GET, POST, DELETE", wire.head().headers().get("Allow"));
        channel.writeInbound(request(HttpMethod.GET, "/mcp", null, null));
        assertEquals(400, Wire.drain(channel).status());
        channel.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"x\"}", "0123"));
        assertEquals(404, Wire.drain(channel).status());
        FullHttpRequest badVersion = request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"x\"}",
                session.id());
        badVersion.headers().set("MCP-Protocol-Version", "1999-01-01");
        channel.writeInbound(badVersion);
        wire = Wire.drain(channel);
        assertEquals(400, wire.status());
        assertTrue(wire.text().contains("1999-01-01"));
        channel.writeInbound(request(HttpMethod.POST, "/elsewhere", "{}", null));
        assertEquals(404, Wire.drain(channel).status());
    }

    @Test
    void thePostHandlerChecksAcceptContentTypeBodyAndSession() {
        EmbeddedChannel channel = connection();
        FullHttpRequest jsonOnly = request(HttpMethod.POST, "/mcp", SessionPipeline.INITIALIZE, null);
        jsonOnly.headers().set("Accept", "application/json");
        channel.writeInbound(jsonOnly);
        assertEquals(406, Wire.drain(channel).status());
        FullHttpRequest text = request(HttpMethod.POST, "/mcp", SessionPipeline.INITIALIZE, null);
        text.headers().set("Content-Type", "text/plain");
        channel.writeInbound(text);
        assertEquals(415, Wire.drain(channel).status());
        channel.writeInbound(request(HttpMethod.POST, "/mcp", "{not json", null));
        Wire wire = Wire.drain(channel);
        assertEquals(400, wire.status());
        assertTrue(wire.text().contains("-32700"));
        channel.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}", null));
        assertEquals(400, Wire.drain(channel).status(), "only initialize may come without a session");
        assertTrue(sessions.isEmpty());
    }

    @Test
    void anErrorAboutAReadBodyCarriesTheRequestsIdWithItsType() {
        HttpSession session = initialize();
        EmbeddedChannel channel = connection();
        channel.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1234567890123,"
                + "\"method\":\"resources/read\",\"params\":{}}", session.id()));
        Wire wire = Wire.drain(channel);
        assertEquals(400, wire.status());
        assertTrue(wire.text().startsWith("{\"jsonrpc\":\"2.0\",\"id\":1234567890123,\"error\":{\"code\":-32602"),
                wire.text());
        channel.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"resources/read\","
                + "\"params\":{\"uri\":7},\"id\":\"r-1\"}", session.id()));
        wire = Wire.drain(channel);
        assertEquals(400, wire.status());
        assertTrue(wire.text().startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"r-1\",\"error\":{\"code\":-32602"),
                wire.text());
        channel.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}",
                null));
        assertTrue(Wire.drain(channel).text().contains("\"id\":5,"), "refused for want of a session, after reading it");
    }

    @Test
    void notificationsAreAcceptedWithoutABody() {
        HttpSession session = initialize();
        EmbeddedChannel channel = connection();
        channel.writeInbound(request(HttpMethod.POST, "/mcp",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session.id()));
        Wire wire = Wire.drain(channel);
        assertEquals(202, wire.status());
        assertEquals(0, wire.body.size());
        assertInstanceOf(JsonRpcNotification.class, recorders.get(0).messages.get(1));
    }

    @Test
    void progressGoesWithItsRequestAndOtherMessagesToTheGetStream() {
        HttpSession session = initialize();
        EmbeddedChannel get = connection();
        get.writeInbound(request(HttpMethod.GET, "/mcp", null, session.id()));
        Wire opened = Wire.drain(get);
        assertEquals("text/event-stream", opened.head().headers().get("Content-Type"));
        EmbeddedChannel post = connection();
        post.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"slow\","
                + "\"params\":{\"_meta\":{\"progressToken\":\"p7\"}}}", session.id()));
        session.send(new JsonRpcNotification("notifications/progress",
                ProgressNotificationParams.of(ProgressToken.of("p7"), 1, 2.0)));
        session.send(new JsonRpcNotification("notifications/resources/list_changed", null));
        session.send(new JsonRpcResultResponse(RequestId.of(7), EmptyResult.of()));
        Wire onPost = Wire.drain(post);
        Wire onGet = Wire.drain(get);
        assertTrue(onPost.text().contains("notifications/progress"), onPost.text());
        assertTrue(onPost.text().contains("\"id\":7"), onPost.text());
        assertEquals(1, onPost.lasts);
        assertTrue(onGet.text().contains("list_changed"), onGet.text());
        assertTrue(!onGet.text().contains("progress"), "every message goes on one stream only");
        assertEquals(0, onGet.lasts, "the GET stream stays open");
        get.writeInbound(request(HttpMethod.GET, "/mcp", null, session.id()));
        Wire second = Wire.drain(get);
        assertEquals(409, second.status(), "one standalone stream at a time");
    }

    @Test
    void aDroppedStreamIsResumedFromTheLastEventIdItReceived() {
        HttpSession session = initialize();
        EmbeddedChannel post = connection();
        post.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"slow\","
                + "\"params\":{\"_meta\":{\"progressToken\":8}}}", session.id()));
        session.send(new JsonRpcNotification("notifications/progress",
                ProgressNotificationParams.of(ProgressToken.of(8), 1, null)));
        String before = Wire.drain(post).text();
        assertTrue(before.contains("id: 2-2\nevent: message"), before);
        post.close();
        session.send(new JsonRpcNotification("notifications/progress",
                ProgressNotificationParams.of(ProgressToken.of(8), 2, null)));
        session.send(new JsonRpcResultResponse(RequestId.of(8), EmptyResult.of()));
        EmbeddedChannel resume = connection();
        FullHttpRequest get = request(HttpMethod.GET, "/mcp", null, session.id());
        get.headers().set("Last-Event-ID", "2-2");
        resume.writeInbound(get);
        Wire replayed = Wire.drain(resume);
        assertEquals(200, replayed.status());
        String text = replayed.text();
        assertTrue(text.startsWith("id: 2-3\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\""),
                text);
        assertTrue(text.contains("id: 2-4\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":8"), text);
        assertEquals(1, replayed.lasts, "the resumed stream was complete, so it ends after the replay");
    }

    @Test
    void anUnknownLastEventIdStartsTheStandaloneStreamAfresh() {
        HttpSession session = initialize();
        EmbeddedChannel channel = connection();
        FullHttpRequest get = request(HttpMethod.GET, "/mcp", null, session.id());
        get.headers().set("Last-Event-ID", "99-5");
        channel.writeInbound(get);
        Wire wire = Wire.drain(channel);
        assertEquals(200, wire.status());
        assertTrue(wire.text().startsWith("id: 2-1\ndata:\n\n"), wire.text());
    }

    @Test
    void messagesWaitingForTheGetStreamAreSentWhenItOpens() {
        HttpSession session = initialize();
        session.send(new JsonRpcNotification("notifications/resources/list_changed", null));
        EmbeddedChannel channel = connection();
        channel.writeInbound(request(HttpMethod.GET, "/mcp", null, session.id()));
        assertTrue(Wire.drain(channel).text().contains("list_changed"));
    }

    @Test
    void deleteEndsTheSession() {
        HttpSession session = initialize();
        EmbeddedChannel channel = connection();
        channel.writeInbound(request(HttpMethod.DELETE, "/mcp", null, session.id()));
        assertEquals(200, Wire.drain(channel).status());
        assertEquals(1, recorders.get(0).closed);
        assertTrue(session.isClosed());
        channel.writeInbound(request(HttpMethod.DELETE, "/mcp", null, session.id()));
        assertEquals(404, Wire.drain(channel).status());
    }

    @Test
    void aCancelledRequestReleasesItsStream() {
        HttpSession session = initialize();
        EmbeddedChannel post = connection();
        post.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"slow\"}",
                session.id()));
        EmbeddedChannel cancel = connection();
        cancel.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":"
                + "\"notifications/cancelled\",\"params\":{\"requestId\":9}}", session.id()));
        assertEquals(202, Wire.drain(cancel).status());
        assertEquals(1, Wire.drain(post).lasts);
    }

    /** Lets a POST wait {@link #HEAD_DELAY} for a lone answer before it becomes an SSE stream. */
    private void waitBeforeStreaming() {
        pipe.settings = pipe.settings.toBuilder().sseHeadDelay(HEAD_DELAY).build();
    }

    /** POSTs a ping, request 3, in a new session, answers it at once, and returns what the POST got. */
    private Wire pingAnsweredAtOnce() {
        HttpSession session = initialize();
        EmbeddedChannel post = connection();
        post.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
                session.id()));
        session.send(new JsonRpcResultResponse(RequestId.of(3), EmptyResult.of()));
        return Wire.drain(post);
    }

    @Test
    void inJsonModeALoneAnswerIsAJsonBody() {
        pipe.settings = pipe.settings.toBuilder().jsonResponses(true).build();
        Wire wire = pingAnsweredAtOnce();
        assertEquals("application/json", wire.head().headers().get("Content-Type"));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}", wire.text());
        assertEquals(1, wire.lasts);
    }

    @Test
    void aQuickAloneAnswerIsAJsonBodyWithItsLength() {
        waitBeforeStreaming();
        Wire wire = pingAnsweredAtOnce();
        HttpSession session = sessions.get(0);
        String json = "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}";
        assertEquals("application/json", wire.head().headers().get("Content-Type"));
        assertEquals(session.id(), wire.head().headers().get("Mcp-Session-Id"));
        assertEquals(String.valueOf(json.length()), wire.head().headers().get("Content-Length"));
        assertFalse(HttpUtil.isTransferEncodingChunked(wire.head()), "not chunked: its length is known");
        assertEquals(json, wire.text());
        assertEquals(1, wire.lasts);
    }

    @Test
    void aPostStillWaitingPastSseHeadDelayBecomesAPrimedStream() {
        waitBeforeStreaming();
        HttpSession session = initialize();
        EmbeddedChannel post = connection();
        post.freezeTime();
        post.writeInbound(request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"slow\"}",
                session.id()));
        assertTrue(Wire.drain(post).heads.isEmpty(), "nothing is sent before sseHeadDelay");
        post.advanceTimeBy(HEAD_DELAY.toNanos(), TimeUnit.NANOSECONDS);
        post.runScheduledPendingTasks();
        session.send(new JsonRpcResultResponse(RequestId.of(4), EmptyResult.of()));
        Wire wire = Wire.drain(post);
        assertEquals("text/event-stream", wire.head().headers().get("Content-Type"));
        assertTrue(wire.text().matches("id: (\\d+)-1\ndata:\n\nid: \\1-2\nevent: message\ndata: \\{.*\\}\n\n"),
                wire.text());
        assertEquals(1, wire.lasts);
    }

    @Test
    void aPostReusingAnIdInFlightIsRefusedAndTheFirstStillGetsItsAnswer() {
        waitBeforeStreaming();
        HttpSession session = initialize();
        String slow = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"slow\"}";
        EmbeddedChannel first = connection();
        first.writeInbound(request(HttpMethod.POST, "/mcp", slow, session.id()));
        EmbeddedChannel second = connection();
        second.writeInbound(request(HttpMethod.POST, "/mcp", slow, session.id()));
        Wire refused = Wire.drain(second);
        assertEquals(400, refused.status());
        assertTrue(refused.text().contains("\"id\":7,\"error\":{\"code\":-32600,\"message\":\"request id 7 is already "
                + "in flight in session " + session.id()), refused.text());
        session.send(new JsonRpcResultResponse(RequestId.of(7), EmptyResult.of()));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}", Wire.drain(first).text());
    }

    @Test
    void theIdleCheckEndsSessionsWithoutRequestsOrStreams() throws InterruptedException {
        HttpSession session = initialize();
        // the check is given a clock 2 ms on, past the 1 ms timeout, instead of waiting for the time to pass
        pipe.registry.evictIdle(System.nanoTime() + 2_000_000, 1_000_000);
        assertTrue(session.isClosed());
        assertEquals(0, pipe.registry.size());
    }
}
