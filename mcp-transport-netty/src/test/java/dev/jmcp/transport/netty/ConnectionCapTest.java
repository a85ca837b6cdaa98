package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A connection beyond {@code maxConnections} is answered 503 at once, with an error naming the
 * setting, and closed; it never counts; a slot frees when a connection closes. Real sockets on
 * 127.0.0.1; the server's count is awaited, since it changes on the server's threads.
 */
@ExtendWith(LeakCheck.class)
class ConnectionCapTest {
    private NettyHttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = NettyHttpServer.start(URI.create("http://127.0.0.1:0/mcp"),
                HttpServerSettings.builder().maxConnections(2).build(), transport -> { });
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static void assertRefused(String response) {
        assertTrue(response.startsWith("HTTP/1.1 503 "), response);
        assertTrue(response.contains("connection: close"), response);
        assertTrue(response.contains("retry-after: 1"), response);
        assertTrue(response.contains("\"error\":{\"code\":-32603,\"message\":\"too many connections: "
                + "maxConnections=2; try again later\"}"), response);
    }

    @Test
    void aConnectionBeyondTheCapIs503AndASlotFreesWhenOneCloses() throws Exception {
        try (RawSocket first = new RawSocket(server.uri()); RawSocket second = new RawSocket(server.uri())) {
            RawSocket.await("two connections open", () -> server.connectionCount() == 2);
            try (RawSocket third = new RawSocket(server.uri())) {
                assertRefused(third.readToEnd());
            }
            try (RawSocket asking = new RawSocket(server.uri())) {
                assertRefused(asking.send(RawSocket.getOtherPath()).readToEnd());
            }
            assertEquals(2, server.connectionCount(), "the refused connections never counted");
            first.close();
            RawSocket.await("a slot freed", () -> server.connectionCount() == 1);
            try (RawSocket fourth = new RawSocket(server.uri())) {
                String head = fourth.send(RawSocket.getOtherPath()).readUntil("\r\n\r\n");
                assertTrue(head.startsWith("HTTP/1.1 404 "), head);
            }
        }
        RawSocket.await("every slot free", () -> server.connectionCount() == 0);
    }
}
