package dev.jmcp.transport.netty;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.concurrent.LinkedBlockingQueue;

/** A client transport's listener that queues the messages it receives, for a test to poll; it ignores the rest. */
final class QueueingListener implements McpTransport.Listener {
    final LinkedBlockingQueue<JsonRpcPayload> received = new LinkedBlockingQueue<>();

    @Override
    public void onMessage(JsonRpcPayload payload) {
        received.add(payload);
    }

    @Override
    public void onUnreadable(ProtocolException error) {
    }

    @Override
    public void onClosed(Throwable cause) {
    }
}
