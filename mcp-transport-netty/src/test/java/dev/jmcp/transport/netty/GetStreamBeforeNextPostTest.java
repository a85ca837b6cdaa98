package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The GET stream and the POST after {@code notifications/initialized}. A server sends its own
 * requests (elicitation/create during a tool call, say) only on the GET stream, and may drop them
 * while that stream does not exist yet: a client that takes such requests sends its next request
 * only once the server has answered that GET. A server may also send the GET's headers only with
 * its first event (the Java SDK's servlet transport): a client that takes no such requests must
 * never wait for them, or the subscribe that would cause that event is never sent.
 */
class GetStreamBeforeNextPostTest {
    /** How long the server holds the GET at most, waiting for the ping; the client's own bound is longer. */
    private static final long HOLD_GET_MILLIS = 20_000;

    @Test
    void aClientThatTakesServerRequestsWaitsForTheGetStreamsAnswer() throws Exception {
        ClientCapabilities elicitation = ClientCapabilities.builder().elicitation(JsonValue.EMPTY_JSON_OBJECT).build();
        // the server answers the GET after a second if the ping has not come first
        assertEquals(List.of("GET answered", "POST ping"), run(elicitation, 1_000), "the order in which the server saw them");
    }

    @Test
    void aClientThatTakesNoServerRequestsNeverWaitsForTheGetStreamsHeaders() throws Exception {
        assertEquals(List.of("POST ping", "GET answered"), run(ClientCapabilities.none(), HOLD_GET_MILLIS),
                "the order in which the server saw them");
    }

    /** @return what the server saw after the handshake, in order */
    private static List<String> run(ClientCapabilities capabilities, long holdGetMillis) throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        CountDownLatch pinged = new CountDownLatch(1);
        CountDownLatch getAnswered = new CountDownLatch(1);
        try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread accepting = new Thread(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket connection = socket.accept();
                        Thread answering = new Thread(() -> answer(connection, events, pinged, getAnswered, holdGetMillis));
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
            // a bound on the client's wait far beyond the server's hold: only the gate's rule decides
            HttpClientSettings settings = HttpClientSettings.defaults().toBuilder().connectTimeout(Duration.ofSeconds(60))
                    .build();
            McpTransport transport = new StreamableHttpClientTransport(
                    URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/mcp"), settings);
            try {
                transport.start(listener);
                transport.send(new JsonRpcRequest(RequestId.of(1), McpMethodNames.INITIALIZE,
                        InitializeRequestParams.of("2025-11-25", capabilities, Implementation.of("test", "1"))))
                        .get(30, TimeUnit.SECONDS);
                assertNotNull(listener.received.poll(30, TimeUnit.SECONDS), "initialize was answered");
                transport.send(new JsonRpcNotification(McpMethodNames.INITIALIZED, null)).get(30, TimeUnit.SECONDS);
                transport.send(new JsonRpcRequest(RequestId.of(2), McpMethodNames.PING, null)).get(60, TimeUnit.SECONDS);
                assertNotNull(listener.received.poll(60, TimeUnit.SECONDS), "ping was answered");
                assertTrue(getAnswered.await(60, TimeUnit.SECONDS), "the GET was sent and answered");
            } finally {
                transport.close();
            }
        }
        return events.stream().filter(e -> e.equals("GET answered") || e.equals("POST ping")).toList();
    }

    private static void answer(Socket connection, List<String> events, CountDownLatch pinged, CountDownLatch getAnswered,
            long holdGetMillis) {
        try (connection) {
            String head = ScriptedHttpServer.readRequest(connection.getInputStream());
            byte[] response;
            if (head.startsWith("GET")) {
                pinged.await(holdGetMillis, TimeUnit.MILLISECONDS);
                events.add("GET answered");
                getAnswered.countDown();
                response = ScriptedHttpServer.response("405 Method Not Allowed", null, "");
            } else if (head.startsWith("POST") && events.isEmpty()) {
                events.add("POST initialize");
                response = ScriptedHttpServer.response("200 OK", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,"
                        + "\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"serverInfo\":{\"name\":\"scripted\",\"version\":\"1\"}}}");
            } else if (head.startsWith("POST") && events.size() == 1) {
                events.add("POST initialized");
                response = ScriptedHttpServer.response("202 Accepted", null, "");
            } else if (head.startsWith("POST")) {
                events.add("POST ping");
                pinged.countDown();
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
