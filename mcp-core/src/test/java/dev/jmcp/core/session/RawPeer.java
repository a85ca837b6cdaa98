package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A peer without a session: the test writes and reads the wire's messages itself. */
final class RawPeer implements McpTransport.Listener {
    private final McpTransport transport;
    private final BlockingQueue<JsonRpcPayload> inbox = new LinkedBlockingQueue<>();
    final CompletableFuture<Void> closed = new CompletableFuture<>();

    RawPeer(McpTransport transport) {
        this.transport = transport;
        transport.start(this);
    }

    void send(JsonRpcPayload payload) throws Exception {
        transport.send(payload).get(5, TimeUnit.SECONDS);
    }

    /** @return the next payload, waiting at most 5 seconds */
    JsonRpcPayload next() throws InterruptedException {
        JsonRpcPayload payload = inbox.poll(5, TimeUnit.SECONDS);
        assertNotNull(payload, "nothing arrived within 5 seconds");
        return payload;
    }

    <T> T next(Class<T> type) throws InterruptedException {
        return assertInstanceOf(type, next());
    }

    /** @return the next payload within {@code millis}, or null: for checking that nothing is sent */
    JsonRpcPayload poll(long millis) throws InterruptedException {
        return inbox.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** Plays a client's side of the handshake against a server session. */
    InitializeResult initializeAsClient(String version) throws Exception {
        send(new JsonRpcRequest(RequestId.of("init"), McpMethodNames.INITIALIZE,
                InitializeRequestParams.of(version, ClientCapabilities.none(), Fixtures.CLIENT_INFO)));
        InitializeResult result = assertInstanceOf(InitializeResult.class, next(JsonRpcResultResponse.class).result());
        send(new JsonRpcNotification(McpMethodNames.INITIALIZED, null));
        return result;
    }

    void close() {
        transport.close();
    }

    @Override
    public void onMessage(JsonRpcPayload payload) {
        inbox.add(payload);
    }

    @Override
    public void onUnreadable(ProtocolException error) {
        throw new AssertionError("an in-memory transport never reads bytes", error);
    }

    @Override
    public void onClosed(Throwable cause) {
        closed.complete(null);
    }
}
