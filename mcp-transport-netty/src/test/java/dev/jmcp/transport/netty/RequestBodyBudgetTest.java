package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.McpCodec;
import java.io.IOException;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The bytes of request bodies being read, over all connections, stay within
 * {@code maxBufferedRequestBytes}: a body that would go over gets 503 naming the setting, and the
 * bytes are given back when a body completes, is refused, or its connection closes. Real sockets
 * on 127.0.0.1; the server's count is awaited, since it changes on the server's threads.
 */
@ExtendWith(LeakCheck.class)
class RequestBodyBudgetTest {
    private static final int BUDGET = 100_000;
    private static final int DECLARED = 90_000;
    private static final int PART = 60_000;
    private static final String HEAD = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Accept: application/json, text/event-stream\r\nContent-Length: " + DECLARED + "\r\n\r\n";

    private NettyHttpServer server;

    @BeforeEach
    void start() throws IOException {
        // the longest body must fit the budget alone; the settings refuse a budget below it
        McpCodec codec = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(BUDGET).build()).build();
        server = NettyHttpServer.start(URI.create("http://127.0.0.1:0/mcp"),
                HttpServerSettings.builder().codec(codec).maxBufferedRequestBytes(BUDGET).build(), transport -> { });
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private void awaitBuffered(long bytes) throws InterruptedException {
        RawSocket.await(bytes + " bytes buffered", () -> server.bufferedRequestBytes() == bytes);
    }

    @Test
    void aBodyBeyondTheBudgetIs503NamingTheSettingAndEveryByteComesBack() throws Exception {
        try (RawSocket first = new RawSocket(server.uri()); RawSocket second = new RawSocket(server.uri())) {
            first.send(HEAD + "x".repeat(PART));
            awaitBuffered(PART);
            String refused = second.send(HEAD + "x".repeat(PART)).readToEnd();
            assertTrue(refused.startsWith("HTTP/1.1 503 "), refused);
            assertTrue(refused.contains("retry-after: 1"), refused);
            assertTrue(refused.contains("\"error\":{\"code\":-32603,\"message\":\"the server is reading too many "
                    + "request bodies at once: maxBufferedRequestBytes=100000; try again later\"}"), refused);
            awaitBuffered(PART);
            String answered = first.send("x".repeat(DECLARED - PART)).readUntil("\r\n\r\n");
            assertTrue(answered.startsWith("HTTP/1.1 400 "), "the complete body was read: " + answered);
            awaitBuffered(0);
        }
    }

    /**
     * Issue 24, case 8: one client's many unfinished bodies held the whole budget, and every other
     * client's large request was refused until the read timeout. One client now holds at most
     * {@code maxBufferedRequestBytesPerPeer}; another (here from 127.0.0.2) is still read.
     */
    @Test
    void oneClientHoldsAtMostItsShareAndAnotherIsStillRead() throws Exception {
        server.close();
        int longest = 40_000;
        McpCodec codec = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(longest).build()).build();
        server = NettyHttpServer.start(URI.create("http://127.0.0.1:0/mcp"), HttpServerSettings.builder().codec(codec)
                .maxBufferedRequestBytes(BUDGET).maxBufferedRequestBytesPerPeer(longest).build(), transport -> { });
        String head = HEAD.replace("Content-Length: " + DECLARED, "Content-Length: 39000");
        try (RawSocket first = new RawSocket(server.uri()); RawSocket second = new RawSocket(server.uri());
                RawSocket other = new RawSocket(server.uri(), 0, java.net.InetAddress.getByName("127.0.0.2"))) {
            first.send(head + "x".repeat(35_000));
            awaitBuffered(35_000);
            String refused = second.send(head + "x".repeat(35_000)).readToEnd();
            assertTrue(refused.startsWith("HTTP/1.1 503 "), refused);
            assertTrue(refused.contains("maxBufferedRequestBytesPerPeer=40000"), refused);
            awaitBuffered(35_000);
            String answered = other.send(head + "x".repeat(39_000)).readUntil("\r\n\r\n");
            assertTrue(answered.startsWith("HTTP/1.1 400 "), "another client's complete body was read: " + answered);
        }
        awaitBuffered(0);
    }

    @Test
    void aBodyCutOffByItsPeerGivesItsBytesBack() throws Exception {
        try (RawSocket socket = new RawSocket(server.uri())) {
            socket.send(HEAD + "x".repeat(PART));
            awaitBuffered(PART);
        }
        awaitBuffered(0);
    }
}
