package dev.jmcp.transport.stdio;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** A transport that passes everything through and remembers the input it could not read. */
final class Spy implements McpTransport {
    final McpTransport inner;
    final List<ProtocolException> unreadable = new CopyOnWriteArrayList<>();

    Spy(McpTransport inner) {
        this.inner = inner;
    }

    @Override
    public void start(Listener listener) {
        inner.start(new Listener() {
            @Override
            public void onMessage(JsonRpcPayload payload) {
                listener.onMessage(payload);
            }

            @Override
            public void onUnreadable(ProtocolException error) {
                unreadable.add(error);
                listener.onUnreadable(error);
            }

            @Override
            public void onClosed(Throwable cause) {
                listener.onClosed(cause);
            }

            @Override
            public PendingRequests pendingRequests() {
                return listener.pendingRequests();
            }
        });
    }

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        return inner.send(payload);
    }

    @Override
    public void close() {
        inner.close();
    }
}
