package dev.jmcp.core.session;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

/** A transport the test drives by hand: the test thread is its delivery thread. */
final class ManualTransport implements McpTransport {
    final BlockingQueue<JsonRpcPayload> sent = new LinkedBlockingQueue<>();
    Listener listener;
    boolean closed;

    @Override
    public void start(Listener value) {
        this.listener = value;
    }

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        sent.add(payload);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            listener.onClosed(null);
        }
    }
}
