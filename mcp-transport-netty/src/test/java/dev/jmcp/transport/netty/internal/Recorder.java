package dev.jmcp.transport.netty.internal;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A transport listener that records what it is told, standing in for a session. */
public final class Recorder implements McpTransport.Listener {
    public final List<JsonRpcPayload> messages = new CopyOnWriteArrayList<>();
    final List<ProtocolException> unreadable = new CopyOnWriteArrayList<>();
    public volatile int closed;

    @Override
    public void onMessage(JsonRpcPayload payload) {
        messages.add(payload);
    }

    @Override
    public void onUnreadable(ProtocolException error) {
        unreadable.add(error);
    }

    @Override
    public void onClosed(Throwable cause) {
        closed++;
    }
}
