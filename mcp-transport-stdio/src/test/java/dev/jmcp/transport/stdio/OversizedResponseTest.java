package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.session.ClientSession;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.Implementation;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A client session whose server answers a request with a line over {@code maxMessageBytes}: the
 * request fails at once, naming the limit, instead of waiting for its timeout (60 s by default).
 */
class OversizedResponseTest {
    private final Pipe toServer = new Pipe();
    private final Pipe toClient = new Pipe();
    private ClientSession client;

    @BeforeEach
    void initialize() throws Exception {
        StdioSettings settings = StdioSettings.builder().codec(
                McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(4096).build()).build()).build();
        client = ClientSession.builder(StdioTransport.of(toClient.in, toServer.out, settings))
                .clientInfo(Implementation.of("client", "1")).build();
        CompletableFuture<?> initialized = client.initialize();
        JsonRpcRequest initialize = request();
        toClient.write("{\"jsonrpc\":\"2.0\",\"id\":" + initialize.id() + ",\"result\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"serverInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}\n");
        initialized.get(5, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() {
        client.close();
    }

    private JsonRpcRequest request() throws Exception {
        String line;
        do {
            line = toServer.readLine(5);
            assertNotNull(line, "the client sent nothing");
        } while (!line.contains("\"id\""));
        return assertInstanceOf(JsonRpcRequest.class,
                McpCodec.defaults().read(line.getBytes(StandardCharsets.UTF_8), PendingRequests.NONE));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aResponseOverTheLimitFailsItsRequestAtOnceNamingTheLimit(boolean idFirst) throws Exception {
        CompletableFuture<?> ping = client.ping();
        String id = request().id().toString();
        String result = "\"result\":{\"pad\":\"" + "x".repeat(20_000) + "\"}";
        String answer = idFirst ? "{\"jsonrpc\":\"2.0\",\"id\":" + id + "," + result + "}"
                : "{" + result + ",\"jsonrpc\":\"2.0\",\"id\":" + id + "}";
        toClient.write(answer + "\n");

        ExecutionException failure = assertThrows(ExecutionException.class, () -> ping.get(5, TimeUnit.SECONDS),
                "the request must fail now, not at its timeout");
        ProtocolException error = assertInstanceOf(ProtocolException.class, failure.getCause());
        assertEquals(ErrorCodes.INVALID_REQUEST, error.code());
        // an id that comes first is known before the end, and the request fails without waiting for it
        assertEquals("message of " + (idFirst ? "more than 4096" : answer.length()) + " bytes exceeds maxMessageBytes=4096",
                error.getMessage());
        assertTrue(client.isOpen(), "the connection goes on");
        CompletableFuture<?> next = client.ping();
        toClient.write("{\"jsonrpc\":\"2.0\",\"id\":" + request().id() + ",\"result\":{}}\n");
        next.get(5, TimeUnit.SECONDS);
    }
}
