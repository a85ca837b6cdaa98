package dev.jmcp.transport.netty.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.internal.Wire;
import dev.jmcp.transport.netty.internal.server.SessionPipeline;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpMethod;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * sseHeadHold: the head and priming event of a POST's SSE stream wait, unflushed, for its first
 * message, so that a quick answer leaves in one flush; a slow one's head leaves when the hold ends,
 * or in a flush of its own before a first message that is not the last; a request that asks for
 * progress gets its head at once. A quick error answer goes as one {@code application/json} body:
 * the Kotlin SDK's client (0.16.0) takes only a result as the end of a POST's stream, resumes a
 * stream that ended with an error, and stops its GET stream for good.
 */
@ExtendWith(LeakCheck.class)
class SseHeadHoldTest {
    private final SessionPipeline pipe = new SessionPipeline();
    private final Flushes flushes = new Flushes();
    private HttpSession session;

    @AfterEach
    void releaseEverything() {
        pipe.close();
    }

    /** Counts the flushes that reach the connection's socket. */
    private static final class Flushes extends ChannelOutboundHandlerAdapter {
        int count;

        @Override
        public void flush(ChannelHandlerContext ctx) {
            count++;
            ctx.flush();
        }
    }

    /** Opens a session and POSTs request 5 on a new connection, whose clock stands still. */
    private EmbeddedChannel postRequest() {
        return postRequest("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"slow\"}");
    }

    private EmbeddedChannel postRequest(String body) {
        session = pipe.initialize();
        EmbeddedChannel post = pipe.connection();
        post.pipeline().addFirst(flushes);
        post.freezeTime();
        post.writeInbound(SessionPipeline.request(HttpMethod.POST, "/mcp", body, session.id()));
        return post;
    }

    @Test
    void aQuickAnswerLeavesWithItsHeadAndPrimingEventInOneFlush() {
        EmbeddedChannel post = postRequest();
        assertEquals(0, flushes.count, "the head waits for the answer");
        session.send(new JsonRpcResultResponse(RequestId.of(5), EmptyResult.of()));
        post.runPendingTasks();
        assertEquals(1, flushes.count, "head, priming event, answer and end in one flush");
        Wire wire = Wire.drain(post);
        assertEquals("text/event-stream", wire.head().headers().get("Content-Type"));
        assertTrue(wire.text().matches("id: (\\d+)-1\ndata:\n\nid: \\1-2\nevent: message\ndata: \\{.*\\}\n\n"),
                wire.text());
        assertEquals(1, wire.lasts, "the answer ends the response");
    }

    @Test
    void aStreamOfSeveralMessagesSendsItsHeldHeadInAFlushOfItsOwnFirst() {
        EmbeddedChannel post = postRequest();
        // with no GET stream open, a notification goes to the newest POST stream
        session.send(new JsonRpcNotification("notifications/resources/list_changed", null));
        post.runPendingTasks();
        assertEquals(2, flushes.count, "the head and priming event, then the notification");
        session.send(new JsonRpcResultResponse(RequestId.of(5), EmptyResult.of()));
        Wire wire = Wire.drain(post);
        assertTrue(wire.text().matches("id: (\\d+)-1\ndata:\n\nid: \\1-2\nevent: message\ndata: \\{.*list_changed.*\\}\n\n"
                + "id: \\1-3\nevent: message\ndata: \\{.*\\}\n\n"), wire.text());
        assertEquals(1, wire.lasts);
    }

    @Test
    void aRequestThatAsksForProgressGetsItsHeadAtOnce() {
        EmbeddedChannel post = postRequest("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"slow\","
                + "\"params\":{\"_meta\":{\"progressToken\":\"p5\"}}}");
        assertEquals(1, flushes.count, "it expects several messages: nothing to gain by waiting");
        Wire head = Wire.drain(post);
        assertTrue(head.text().matches("id: \\d+-1\ndata:\n\n"), head.text());
        session.send(new JsonRpcNotification("notifications/progress",
                ProgressNotificationParams.of(ProgressToken.of("p5"), 1, 2.0)));
        session.send(new JsonRpcResultResponse(RequestId.of(5), EmptyResult.of()));
        Wire rest = Wire.drain(post);
        assertTrue(rest.text().contains("notifications/progress"), rest.text());
        assertEquals(1, rest.lasts);
    }

    @Test
    void aSlowAnswersHeadAndPrimingEventLeaveWhenTheHoldEnds() {
        EmbeddedChannel post = postRequest();
        assertTrue(Wire.drain(post).heads.isEmpty(), "nothing leaves before sseHeadHold");
        post.advanceTimeBy(HttpServerSettings.DEFAULT_SSE_HEAD_HOLD.toNanos(), TimeUnit.NANOSECONDS);
        post.runScheduledPendingTasks();
        Wire head = Wire.drain(post);
        assertEquals("text/event-stream", head.head().headers().get("Content-Type"));
        assertTrue(head.text().matches("id: \\d+-1\ndata:\n\n"), head.text());
        session.send(new JsonRpcResultResponse(RequestId.of(5), EmptyResult.of()));
        Wire rest = Wire.drain(post);
        assertTrue(rest.text().matches("id: \\d+-2\nevent: message\ndata: \\{.*\\}\n\n"), rest.text());
        assertEquals(1, rest.lasts);
    }

    @Test
    void aQuickErrorAnswerIsOneJsonBody() {
        EmbeddedChannel post = postRequest();
        session.send(new JsonRpcErrorResponse(RequestId.of(5), new JsonRpcError(ErrorCodes.INVALID_PARAMS,
                "Resource not found", null)));
        post.runPendingTasks();
        assertEquals(1, flushes.count);
        Wire wire = Wire.drain(post);
        assertEquals("application/json", wire.head().headers().get("Content-Type"));
        assertEquals(session.id(), wire.head().headers().get("Mcp-Session-Id"));
        assertTrue(wire.text().matches("\\{.*\"id\":5.*\"error\".*\\}"), wire.text());
        assertEquals(1, wire.lasts);
    }

    @Test
    void aSlowErrorAnswerEndsTheStreamThatBeganWhenTheHoldEnded() {
        EmbeddedChannel post = postRequest();
        post.advanceTimeBy(HttpServerSettings.DEFAULT_SSE_HEAD_HOLD.toNanos(), TimeUnit.NANOSECONDS);
        post.runScheduledPendingTasks();
        Wire head = Wire.drain(post);
        assertEquals("text/event-stream", head.head().headers().get("Content-Type"));
        session.send(new JsonRpcErrorResponse(RequestId.of(5), new JsonRpcError(ErrorCodes.INVALID_PARAMS,
                "Resource not found", null)));
        Wire rest = Wire.drain(post);
        assertTrue(rest.text().matches("id: \\d+-2\nevent: message\ndata: \\{.*\"error\".*\\}\n\n"), rest.text());
        assertEquals(1, rest.lasts);
    }
}
