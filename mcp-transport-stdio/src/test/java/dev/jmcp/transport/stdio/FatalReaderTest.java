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

/** A server whose reader stops on an {@link Error} says so and exits, in a real child process. */
class FatalReaderTest {
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
        transport = StdioTransport.spawn(ChildProcesses.java(FatalReaderServerMain.class));
        transport.start(recorder);

        transport.send(new JsonRpcRequest(RequestId.of(1), "test/fatal",
                JsonProvider.provider().createObjectBuilder().add("value", "x").build())).get(5, TimeUnit.SECONDS);

        JsonRpcErrorResponse error = assertInstanceOf(JsonRpcErrorResponse.class, recorder.nextMessage());
        assertNull(error.id(), "the reader cannot tell which request it was reading");
        assertEquals(ErrorCodes.INTERNAL_ERROR, error.error().code());
        assertTrue(error.error().message().contains("ExceptionInInitializerError"), error.error().message());
        assertEquals(1, transport.onExit().get(10, TimeUnit.SECONDS), "the server exits, and says it failed");
    }
}
