package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Connections that hold a descriptor without using it are closed: a request that does not arrive
 * in full within {@code requestReadTimeout} (however its bytes trickle) gets 408; a connection
 * with nothing to do is closed after {@code connectionIdleTimeout}; one with an open stream or a
 * request waiting for its answer is not. Real sockets on 127.0.0.1, with timeouts of half a second;
 * a connection the server must close is read to its end under a 10 s socket timeout.
 */
@ExtendWith(LeakCheck.class)
class SlowAndIdleConnectionsTest {
    private static final Duration READ = Duration.ofMillis(500);
    private static final Duration IDLE = Duration.ofMillis(500);
    private static final String HEAD = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Accept: application/json, text/event-stream\r\n";

    /** Far more than the socket buffers and the write buffer hold: its response waits for its reader. */
    private static final String BIG = "~".repeat(8 << 20);

    private final List<ServerSession> sessions = new CopyOnWriteArrayList<>();
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private NettyHttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = NettyHttpServer.start(URI.create("http://127.0.0.1:0/mcp"),
                HttpServerSettings.builder().requestReadTimeout(READ).connectionIdleTimeout(IDLE).build(),
                transport -> sessions.add(ServerSession.builder(transport)
                        .serverInfo(Implementation.of("timeouts", "1"))
                        .requestHandler("resources/read", (params, context) -> ReadResourceResult.of(
                                TextResourceContents.of("mem:///big", "text/plain", BIG)))
                        .requestHandler("block", (params, context) -> {
                            entered.countDown();
                            release.await(10, TimeUnit.SECONDS);
                            return null;
                        })
                        .build()));
    }

    @AfterEach
    void stop() {
        release.countDown();
        server.close();
    }

    private static void assertTimedOut(String response) {
        assertTrue(response.startsWith("HTTP/1.1 408 "), response);
        assertTrue(response.contains("requestReadTimeout=PT0.5S"), response);
        assertTrue(response.contains("connection: close"), response);
    }

    @Test
    void aRequestWhoseHeadStopsHalfWayGets408AndIsClosed() throws IOException {
        try (RawSocket socket = new RawSocket(server.uri())) {
            assertTimedOut(socket.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty").readToEnd());
        }
    }

    @Test
    void aRequestWhoseBodyStopsHalfWayGets408AndIsClosed() throws IOException {
        try (RawSocket socket = new RawSocket(server.uri())) {
            assertTimedOut(socket.send(HEAD + "Content-Length: 100\r\n\r\n{\"jsonrpc\":").readToEnd());
        }
    }

    @Test
    void aPeerTricklingItsHeadByteByByteIsClosedAtTheDeadline() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        try (RawSocket socket = new RawSocket(server.uri())) {
            socket.send("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
            // each gap is far shorter than either timeout: only a deadline for the whole request ends this
            Thread trickle = new Thread(() -> {
                try {
                    for (int i = 0; i < 200; i++) {
                        socket.send("a");
                        sent.incrementAndGet();
                        Thread.sleep(50); // the trickle's gap: a slow peer is what this test is about
                    }
                } catch (IOException | InterruptedException e) {
                    // the server closed the connection: what this test waits for
                }
            });
            trickle.start();
            assertTimedOut(socket.readToEnd());
            trickle.join(15_000);
            assertTrue(sent.get() < 200, "closed while the peer was still trickling, after " + sent + " bytes");
        }
    }

    @Test
    void aConnectionThatSendsNothingIsClosed() throws IOException {
        try (RawSocket socket = new RawSocket(server.uri())) {
            assertEquals("", socket.readToEnd(), "closed without a word: no request was made");
        }
    }

    @Test
    void aKeepAliveConnectionIdleAfterItsAnswerIsClosed() throws IOException {
        try (RawSocket socket = new RawSocket(server.uri())) {
            String all = socket.send(RawSocket.getOtherPath()).readToEnd();
            assertTrue(all.startsWith("HTTP/1.1 404 "), all);
            assertEquals(1, all.split("HTTP/1.1 ", -1).length - 1, "one answer, no 408 after it: " + all);
        }
    }

    /** Waits until a connection that became idle after the caller's own did has been closed for it. */
    private void idleTimeoutHasPassed() throws IOException {
        try (RawSocket control = new RawSocket(server.uri())) {
            assertTrue(control.send(RawSocket.getOtherPath()).readToEnd().startsWith("HTTP/1.1 404 "));
        }
    }

    @Test
    void anOpenGetStreamOutlivesTheIdleTimeout() throws Exception {
        String id = Raw.initialize(server.uri());
        try (RawSocket stream = new RawSocket(server.uri())) {
            String head = stream.send("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                    + "Mcp-Session-Id: " + id + "\r\nMCP-Protocol-Version: 2025-11-25\r\n\r\n").readUntil("\r\n\r\n");
            assertTrue(head.startsWith("HTTP/1.1 200 "), head);
            idleTimeoutHasPassed();
            sessions.get(0).sendNotification("notifications/resources/list_changed", null).get(10, TimeUnit.SECONDS);
            assertTrue(stream.readUntil("list_changed").contains("data: "), stream.text());
        }
    }

    @Test
    void aPostWaitingForItsAnswerOutlivesTheIdleTimeout() throws Exception {
        assertAnsweredAfterTheIdleTimeout(false);
    }

    /** A 100 Continue is not the answer: the connection still waits for the one that follows. */
    @Test
    void aPostThatAskedToContinueOutlivesTheIdleTimeoutWaitingForItsAnswer() throws Exception {
        assertAnsweredAfterTheIdleTimeout(true);
    }

    /** @return the head of a POST of {@code body} in session {@code id}, with {@code more} header lines */
    private static String sessionPost(String id, String body, String more) {
        return HEAD + "Mcp-Session-Id: " + id + "\r\nMCP-Protocol-Version: 2025-11-25\r\nContent-Length: "
                + body.length() + "\r\n" + more + "\r\n";
    }

    @Test
    void aResponseItsClientReadsSlowlyOutlivesTheIdleTimeout() throws Exception {
        String id = Raw.initialize(server.uri());
        String body = Raw.call(8, "resources/read", "\"uri\":\"mem:///big\"");
        try (RawSocket reader = new RawSocket(server.uri(), 16 * 1024)) {
            reader.send(sessionPost(id, body, "") + body);
            assertTrue(reader.readUntil("~~~~").startsWith("HTTP/1.1 200 "), "the response has begun");
            idleTimeoutHasPassed();
            // the answer (a JSON body, as it was quick) ends with its text
            String all = reader.readUntil("~\"}]}}");
            assertEquals(BIG.length(), all.chars().filter(c -> c == '~').count(), "the whole answer was read");
        }
    }

    private void assertAnsweredAfterTheIdleTimeout(boolean expectContinue) throws Exception {
        String id = Raw.initialize(server.uri());
        String body = Raw.call(7, "block", "");
        try (RawSocket post = new RawSocket(server.uri())) {
            post.send(sessionPost(id, body, expectContinue ? "Expect: 100-continue\r\n" : ""));
            if (expectContinue) {
                assertTrue(post.readUntil("\r\n\r\n").startsWith("HTTP/1.1 100 "), post.text());
            }
            post.send(body);
            assertTrue(entered.await(10, TimeUnit.SECONDS), "the handler was called");
            idleTimeoutHasPassed();
            release.countDown();
            assertTrue(post.readUntil("\"id\":7").contains("HTTP/1.1 200 "), post.text());
        }
    }
}
