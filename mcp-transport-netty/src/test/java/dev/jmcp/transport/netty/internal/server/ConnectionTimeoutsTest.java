package dev.jmcp.transport.netty.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The two clocks of {@link ConnectionTimeouts} on a connection whose time stands still until the
 * test moves it: which one runs, from when, and what the connection is told when it ends.
 */
@ExtendWith(LeakCheck.class)
class ConnectionTimeoutsTest {
    private static final Duration READ = Duration.ofSeconds(30);
    private static final Duration IDLE = Duration.ofSeconds(60);

    private EmbeddedChannel channel;

    @BeforeEach
    void open() {
        channel = new EmbeddedChannel();
        channel.freezeTime();
        ConnectionTimeouts timeouts = new ConnectionTimeouts(READ, IDLE, McpCodec.defaults());
        channel.pipeline().addLast(timeouts.byteWatch(), new HttpServerCodec(), timeouts);
    }

    @AfterEach
    void close() {
        channel.finish();
        // what the rest of a pipeline would take, the codec's report of a request cut short too
        channel.releaseInbound();
        assertNull(channel.readOutbound(), "everything sent to the client was read by the test");
    }

    /** Bytes from the client; what the codec makes of them is dropped, as the rest of a pipeline would take it. */
    private void receive(String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        channel.releaseInbound();
    }

    private void after(Duration time) {
        channel.advanceTimeBy(time.toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();
    }

    /** @return what went out to the client */
    private String sent() {
        StringBuilder out = new StringBuilder();
        for (ByteBuf buf; (buf = channel.readOutbound()) != null; buf.release()) {
            out.append(buf.toString(StandardCharsets.UTF_8));
        }
        return out.toString();
    }

    @Test
    void aConnectionWithNothingToDoIsClosedAfterTheIdleTimeoutWithoutAWord() {
        after(IDLE.minusMillis(1));
        assertTrue(channel.isOpen());
        after(Duration.ofMillis(1));
        assertFalse(channel.isOpen());
        assertEquals("", sent());
    }

    @Test
    void theReadDeadlineRunsFromTheFirstByteHoweverTheRestTrickles() {
        receive("GET /mcp HTTP/1.1\r\nHo");
        after(READ.minusMillis(1));
        receive("s");
        assertTrue(channel.isOpen(), "a byte just now does not move the deadline");
        after(Duration.ofMillis(1));
        String sent = sent();
        assertTrue(sent.startsWith("HTTP/1.1 408 Request Timeout\r\n"), sent);
        assertTrue(sent.contains("requestReadTimeout=PT30S"), sent);
        assertFalse(channel.isOpen());
    }

    @Test
    void anOpenResponseKeepsTheConnectionUntilItEndsThenTheIdleClockStarts() {
        receive("GET /mcp HTTP/1.1\r\nHost: h\r\n\r\n");
        channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        after(IDLE.multipliedBy(10));
        assertTrue(channel.isOpen(), "a stream, however quiet, is not idleness");
        channel.writeOutbound(LastHttpContent.EMPTY_LAST_CONTENT);
        after(IDLE.minusMillis(1));
        assertTrue(channel.isOpen());
        after(Duration.ofMillis(1));
        assertFalse(channel.isOpen());
        assertTrue(sent().startsWith("HTTP/1.1 200 OK\r\n"));
    }

    @Test
    void aRequestWaitingForItsAnswerIsNotIdleAndA100ContinueIsNotTheAnswer() {
        receive("POST /mcp HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n");
        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        receive("{}");
        after(IDLE.multipliedBy(10));
        assertTrue(channel.isOpen());
        assertEquals("HTTP/1.1 100 Continue\r\n\r\n", sent());
    }

    @Test
    void aRequestLateBehindAResponseUnderWayClosesTheConnectionWithoutA408() {
        receive("GET /mcp HTTP/1.1\r\nHost: h\r\n\r\n");
        channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        receive("GET /mcp HT");
        after(READ);
        assertFalse(channel.isOpen());
        String sent = sent();
        assertFalse(sent.contains("408"), "a 408 in the middle of the stream would corrupt it: " + sent);
    }

    @Test
    void aRequestThatStartsLateInAnIdleSpellGetsItsWholeReadTimeoutAndNoMore() {
        after(IDLE.minusSeconds(1));
        receive("GET /mcp HTTP/1.1\r\nHo");
        after(IDLE);
        String sent = sent();
        assertTrue(sent.startsWith("HTTP/1.1 408 Request Timeout\r\n"), "the read clock, not the idle one: " + sent);
        assertFalse(channel.isOpen());
    }

    @Test
    void aRequestThatStartsLateInAnIdleSpellIsNotCutShort() {
        after(IDLE.minusSeconds(1));
        receive("GET /mcp HTTP/1.1\r\nHo");
        after(READ.minusMillis(1));
        assertTrue(channel.isOpen(), "the read deadline runs from the request's first byte");
        after(Duration.ofMillis(1));
        assertTrue(sent().startsWith("HTTP/1.1 408 Request Timeout\r\n"));
        assertFalse(channel.isOpen());
    }

    @Test
    void eachRequestOfAKeepAliveConnectionRestartsTheIdleClockWhenItsAnswerLeaves() {
        for (int i = 0; i < 5; i++) {
            after(IDLE.minusSeconds(1));
            receive("GET /mcp HTTP/1.1\r\nHost: h\r\n\r\n");
            after(READ.minusSeconds(1));
            channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
            assertTrue(channel.isOpen(), "request " + i);
        }
        after(IDLE.minusMillis(1));
        assertTrue(channel.isOpen());
        after(Duration.ofMillis(1));
        assertFalse(channel.isOpen());
        assertEquals(5, sent().split("HTTP/1.1 200 OK", -1).length - 1);
    }
}
