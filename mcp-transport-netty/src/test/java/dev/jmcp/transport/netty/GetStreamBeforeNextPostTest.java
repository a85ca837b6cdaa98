package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A server sends its own requests (elicitation/create during a tool call, say) only on the GET
 * stream, and may drop them while that stream does not exist yet: a request the client sends after
 * {@code notifications/initialized} must reach the server only once it has answered that GET.
 */
class GetStreamBeforeNextPostTest {
    /** How long the server holds the GET for a POST that would overtake it; it never comes with the gate. */
    private static final long HOLD_GET_MILLIS = 1_000;

    @Test
    void theRequestAfterInitializedWaitsForTheGetStreamsAnswer() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        CountDownLatch requestPosted = new CountDownLatch(1);
        AtomicInteger posts = new AtomicInteger();
        try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread accepting = new Thread(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket connection = socket.accept();
                        Thread answering = new Thread(() -> answer(connection, events, requestPosted, posts));
                        answering.setDaemon(true);
                        answering.start();
                    } catch (IOException e) {
                        return; // the test closed the socket
                    }
                }
            });
            accepting.setDaemon(true);
            accepting.start();
            QueueingListener listener = new QueueingListener();
            McpTransport transport = new StreamableHttpClientTransport(
                    URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/mcp"), HttpClientSettings.defaults());
            try {
                transport.start(listener);
                transport.send(new JsonRpcNotification(McpMethodNames.INITIALIZED, null));
                transport.send(new JsonRpcRequest(RequestId.of(2), McpMethodNames.PING, null)).get(30, TimeUnit.SECONDS);
                assertNotNull(listener.received.poll(30, TimeUnit.SECONDS), "ping was answered");
            } finally {
                transport.close();
            }
        }
        assertEquals(List.of("GET answered", "POST ping"), events.stream().filter(e -> !e.equals("POST initialized")).toList(),
                "the order in which the server saw them");
    }

    private static void answer(Socket connection, List<String> events, CountDownLatch requestPosted, AtomicInteger posts) {
        try (connection) {
            String head = ScriptedHttpServer.readRequest(connection.getInputStream());
            byte[] response;
            if (head.startsWith("GET")) {
                requestPosted.await(HOLD_GET_MILLIS, TimeUnit.MILLISECONDS);
                events.add("GET answered");
                response = ScriptedHttpServer.response("405 Method Not Allowed", null, "");
            } else if (head.startsWith("POST") && posts.incrementAndGet() == 1) {
                events.add("POST initialized");
                response = ScriptedHttpServer.response("202 Accepted", null, "");
            } else if (head.startsWith("POST")) {
                events.add("POST ping");
                requestPosted.countDown();
                response = ScriptedHttpServer.response("200 OK", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
            } else {
                response = ScriptedHttpServer.response("200 OK", null, ""); // the DELETE of close()
            }
            connection.getOutputStream().write(response);
        } catch (IOException | InterruptedException e) {
            // the client went away
        }
    }
}
