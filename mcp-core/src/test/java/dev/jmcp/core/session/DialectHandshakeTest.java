package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.lifecycle.InitializeResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a client session offers a dialect whose server ends the handshake differently (gomcp's bare {@code initialized}). */
class DialectHandshakeTest {
    private final Fixtures fixtures = new Fixtures();

    @AfterEach
    void closeSessions() throws Exception {
        fixtures.close();
    }

    @Test
    void theHandshakeEndsWithTheNotificationNameTheBuilderWasGiven() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        RawPeer server = fixtures.raw(pair.server());
        ClientSession client = fixtures.client(pair.client(), builder -> builder.initializedNotification("initialized"));

        CompletableFuture<InitializeResult> initialize = client.initialize();
        JsonRpcRequest request = server.next(JsonRpcRequest.class);
        server.send(new JsonRpcResultResponse(request.id(),
                InitializeResult.of("2025-03-26", Fixtures.SERVER_CAPABILITIES, Fixtures.SERVER_INFO)));

        initialize.get(5, TimeUnit.SECONDS);
        assertEquals("initialized", server.next(JsonRpcNotification.class).method());
    }

    @Test
    void aBlankInitializedNameIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClientSession.builder(InMemoryTransport.pair().client()).initializedNotification(" "));
        assertEquals("initializedNotification must not be blank", e.getMessage());
    }
}
