package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeResult;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Client and server sessions talking through two in-memory pipes, as they would through a process. */
class StdioSessionTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private final Pipe toServer = new Pipe();
    private final Pipe toClient = new Pipe();
    private ServerSession server;
    private ClientSession client;

    @AfterEach
    void closeSessions() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private ServerSession server() {
        return ServerSession.builder(StdioTransport.of(toServer.in, toClient.out))
                .serverInfo(Implementation.of("pipe-server", "1.0.0"))
                .requestHandler("test/slow", (params, context) -> {
                    Thread.sleep(((JsonObject) params).getInt("millis")); // a slow handler, as long as the test asks
                    return JSON.createObjectBuilder().add("done", true).build();
                })
                .build();
    }

    @Test
    void aClientInitializesAndPingsAServerOverTheTransport() throws Exception {
        server = server();
        client = ClientSession.builder(StdioTransport.of(toClient.in, toServer.out))
                .clientInfo(Implementation.of("pipe-client", "1.0.0")).build();
        InitializeResult result = client.initialize().get(5, TimeUnit.SECONDS);
        assertEquals("pipe-server", result.serverInfo().name());
        server.initialized().get(5, TimeUnit.SECONDS);
        client.ping().get(5, TimeUnit.SECONDS);
        server.ping().get(5, TimeUnit.SECONDS);

        client.close();
        server.onClose().get(5, TimeUnit.SECONDS);
        assertFalse(server.isOpen(), "the client's close ended the server's input");
    }

    @Test
    void aServerWhoseInputEndsAnswersTheRequestsInFlightThenEndsItsOutput() throws Exception {
        server = server();
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}\n";
        toServer.write(initialize);
        assertInstanceOf(JsonRpcResultResponse.class, read(toClient.readLine(5)));
        toServer.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
        toServer.write("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/slow\",\"params\":{\"millis\":400}}\n");
        toServer.write("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"no/such\"}\n");
        toServer.out.close();

        JsonRpcErrorResponse unknown = assertInstanceOf(JsonRpcErrorResponse.class, read(toClient.readLine(5)));
        assertEquals(RequestId.of(3), unknown.id());
        JsonRpcResultResponse slow = assertInstanceOf(JsonRpcResultResponse.class, read(toClient.readLine(5)));
        assertEquals(RequestId.of(2), slow.id());
        assertTrue(((JsonObject) slow.result()).getBoolean("done"));
        assertNull(toClient.readLine(5), "then the server's output ends");
        server.onClose().get(5, TimeUnit.SECONDS);
    }

    @Test
    void aLineOverTheLimitIsAnsweredWithAnErrorNamingTheLimit() throws Exception {
        server = ServerSession.builder(StdioTransport.of(toServer.in, toClient.out, StdioSettings.builder().codec(
                        McpCodec.builder().limits(dev.jmcp.schema.codec.CodecLimits.builder().maxMessageBytes(100).build()).build()).build()))
                .serverInfo(Implementation.of("pipe-server", "1.0.0"))
                .build();
        toServer.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(200) + "\"}}\n");
        toServer.write("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n");
        JsonRpcErrorResponse error = assertInstanceOf(JsonRpcErrorResponse.class, read(toClient.readLine(5)));
        assertEquals(-32600, error.error().code());
        assertTrue(error.error().message().contains("maxMessageBytes=100"), error.error().message());
        assertEquals(RequestId.of(2), assertInstanceOf(JsonRpcResultResponse.class, read(toClient.readLine(5))).id());
    }

    private static Object read(String line) {
        return McpCodec.defaults().read(line.getBytes(StandardCharsets.UTF_8), PendingRequests.NONE);
    }
}
