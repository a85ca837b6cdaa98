package dev.jmcp.transport.netty.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.TextResourceContents;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.internal.Wire;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.transport.netty.internal.server.SessionPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What sessions keep for replay is bounded per session and across the server, and a resume that
 * asks for what is no longer kept is told so: never answered with silence.
 */
@ExtendWith(LeakCheck.class)
class ReplayBudgetTest {
    private final SessionPipeline pipe = new SessionPipeline();

    ReplayBudgetTest() {
        // replay is of SSE streams: every POST starts its stream at once, even for a quick answer
        pipe.settings = pipe.settings.toBuilder().sseHeadDelay(Duration.ZERO).build();
    }

    @AfterEach
    void releaseEverything() {
        pipe.close();
    }

    /** POSTs request {@code id} on a connection of its own, and returns that connection. */
    private EmbeddedChannel post(HttpSession session, int id) {
        EmbeddedChannel post = pipe.connection();
        post.writeInbound(SessionPipeline.request(HttpMethod.POST, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":" + id
                + ",\"method\":\"slow\",\"params\":{\"_meta\":{\"progressToken\":" + id + "}}}", session.id()));
        return post;
    }

    private static JsonRpcResultResponse text(int id, int chars) {
        return new JsonRpcResultResponse(RequestId.of(id), ReadResourceResult.of(List.of(
                TextResourceContents.of("file:///a.txt", "text/plain", "x".repeat(chars)))));
    }

    private Wire resume(HttpSession session, String lastEventId) {
        EmbeddedChannel resume = pipe.connection();
        FullHttpRequest get = SessionPipeline.request(HttpMethod.GET, "/mcp", null, session.id());
        get.headers().set("Last-Event-ID", lastEventId);
        resume.writeInbound(get);
        return Wire.drain(resume);
    }

    @Test
    void anAnswerPastTheServersBudgetIsReplayedAsAnErrorNamingMaxReplayBytes() {
        pipe.budget = Budget.of("maxReplayBytes", 1000);
        HttpSession session = pipe.initialize();
        EmbeddedChannel post = post(session, 5);
        session.send(text(5, 2000));
        assertTrue(Wire.drain(post).text().contains("\"id\":5,\"result\""));
        post.close();
        Wire replayed = resume(session, "2-1");
        assertEquals(200, replayed.status());
        assertTrue(replayed.text().startsWith("id: 2-2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":5,\"error\":"
                + "{\"code\":-32603,\"message\":\"the answer to request 5 is not kept for replay: the "
                + "server's replay budget, maxReplayBytes=1000, was spent\""), replayed.text());
        assertEquals(1, replayed.lasts, "the stream is complete");
    }

    @Test
    void anAnswerForAStreamWithoutAConnectionIsKeptAtOnceAsTheBytesAResumeSends() {
        HttpSession session = pipe.initialize();
        EmbeddedChannel post = post(session, 5);
        Wire.drain(post);
        post.close();
        long before = pipe.budget.used();
        session.send(text(5, 3000));
        String event = "id: 2-2\nevent: message\ndata: "
                + new String(pipe.settings.codec().toBytes(text(5, 3000)), StandardCharsets.UTF_8) + "\n\n";
        assertEquals(event.length(), pipe.budget.used() - before, "no message is held: its bytes are, and counted");
        Wire replayed = resume(session, "2-1");
        assertEquals(event, replayed.text());
        assertEquals(1, replayed.lasts);
    }

    @Test
    void anAnswerForAStreamWithoutAConnectionPastTheBudgetIsResumedAsAnError() {
        pipe.budget = Budget.of("maxReplayBytes", 1000);
        HttpSession session = pipe.initialize();
        EmbeddedChannel post = post(session, 5);
        Wire.drain(post);
        post.close();
        session.send(text(5, 3000));
        assertTrue(resume(session, "2-1").text().contains("\"id\":5,\"error\":{\"code\":-32603,\"message\":\"the answer "
                + "to request 5 is not kept for replay: the server's replay budget, maxReplayBytes=1000, "
                + "was spent\""));
    }

    @Test
    void aResumeFromEventsGonePastReplayBufferEventsIsAnswered410NamingIt() {
        pipe.settings = pipe.settings.toBuilder().replayBufferEvents(2).build();
        HttpSession session = pipe.initialize();
        EmbeddedChannel post = post(session, 6);
        for (int step = 1; step <= 3; step++) {
            session.send(new JsonRpcNotification("notifications/progress",
                    ProgressNotificationParams.of(ProgressToken.of(6), step, null)));
        }
        session.send(text(6, 10));
        Wire.drain(post);
        post.close();
        Wire gone = resume(session, "2-1");
        assertEquals(410, gone.status());
        assertTrue(gone.text().contains("replayBufferEvents=2"), gone.text());
        Wire kept = resume(session, "2-4");
        assertEquals(200, kept.status(), "what is still kept can be resumed");
        assertTrue(kept.text().startsWith("id: 2-5\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":6,\"result\""),
                kept.text());
    }

    @Test
    void everyKeptByteGoesBackToTheServersBudgetWhenTheSessionsEnd() {
        HttpSession one = pipe.initialize();
        HttpSession other = pipe.initialize();
        EmbeddedChannel first = post(one, 7);
        EmbeddedChannel second = post(other, 7);
        one.send(text(7, 5000));
        other.send(text(7, 5000));
        Wire.drain(first);
        Wire.drain(second);
        assertTrue(pipe.budget.used() > 10_000, "both answers are kept: " + pipe.budget.used());
        one.close();
        other.close();
        assertEquals(0, pipe.budget.used());
    }
}
