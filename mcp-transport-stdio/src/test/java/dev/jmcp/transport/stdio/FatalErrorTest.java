package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.spi.JsonProvider;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A server whose transport threads meet an {@link Error} says so, in a real child process, never silence. */
class FatalErrorTest {
    private final Recorder recorder = new Recorder();
    private StdioClientTransport transport;

    @AfterEach
    void close() {
        if (transport != null) {
            transport.close();
        }
    }

    @Test
    void anErrorInTheReaderIsAnsweredAndEndsTheServerWithAFailure() throws Exception {
        transport = StdioTransport.spawn(ChildProcesses.java(FatalErrorServerMain.class));
        transport.start(recorder);

        transport.send(new JsonRpcRequest(RequestId.of(1), "test/fatal",
                JsonProvider.provider().createObjectBuilder().add("value", "x").build())).get(5, TimeUnit.SECONDS);

        JsonRpcErrorResponse error = assertInstanceOf(JsonRpcErrorResponse.class, recorder.nextMessage());
        assertNull(error.id(), "the reader cannot tell which request it was reading");
        assertEquals(ErrorCodes.INTERNAL_ERROR, error.error().code());
        assertTrue(error.error().message().contains("ExceptionInInitializerError"), error.error().message());
        assertEquals(1, transport.onExit().get(10, TimeUnit.SECONDS), "the server exits, and says it failed");
    }

    @Test
    void anErrorInTheWriterIsAnsweredWithAnErrorAndTheSessionGoesOn() throws Exception {
        transport = StdioTransport.spawn(ChildProcesses.java(FatalErrorServerMain.class));
        transport.start(recorder);
        transport.send(new JsonRpcRequest(RequestId.of(1), "initialize", JsonProvider.provider().createReader(
                new java.io.StringReader("{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}")).readObject())).get(5, TimeUnit.SECONDS);
        recorder.nextMessage();
        transport.send(new dev.jmcp.schema.jsonrpc.JsonRpcNotification("notifications/initialized", null))
                .get(5, TimeUnit.SECONDS);

        transport.send(new JsonRpcRequest(RequestId.of(2), "test/unwritable", null)).get(5, TimeUnit.SECONDS);

        JsonRpcErrorResponse error = assertInstanceOf(JsonRpcErrorResponse.class, recorder.nextMessage());
        assertEquals(RequestId.of(2), error.id());
        assertEquals(ErrorCodes.INTERNAL_ERROR, error.error().code());
        assertEquals("the result could not be written", error.error().message());
        transport.send(new JsonRpcRequest(RequestId.of(3), "ping", null)).get(5, TimeUnit.SECONDS);
        assertEquals(RequestId.of(3), assertInstanceOf(dev.jmcp.schema.jsonrpc.JsonRpcResultResponse.class,
                recorder.nextMessage()).id());
    }
}
