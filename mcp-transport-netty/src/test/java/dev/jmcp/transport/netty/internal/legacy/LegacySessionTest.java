package dev.jmcp.transport.netty.internal.legacy;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.transport.netty.internal.session.SessionRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LegacySessionTest {
    private final SessionRegistry registry = new SessionRegistry(2);

    /** Records what it is given and throws for every message and for the end, as a buggy session might. */
    private static final class ThrowingListener implements McpTransport.Listener {
        final List<JsonRpcPayload> messages = new ArrayList<>();
        int closes;

        @Override
        public void onMessage(JsonRpcPayload payload) {
            messages.add(payload);
            throw new IllegalStateException("listener broke on " + payload);
        }

        @Override
        public void onUnreadable(ProtocolException error) {
            throw new IllegalStateException("listener broke on " + error);
        }

        @Override
        public void onClosed(Throwable cause) {
            closes++;
            throw new IllegalStateException("listener broke on close");
        }
    }

    @Test
    void aThrowingListenerDoesNotBreakTheSession() {
        LegacySession session = registry.create(id -> new LegacySession(id, registry, dev.jmcp.core.spi.Budget.of("maxResponseBytesInMemory", Long.MAX_VALUE)), null);
        ThrowingListener listener = new ThrowingListener();
        JsonRpcNotification early = new JsonRpcNotification("notifications/early", null);
        JsonRpcNotification first = new JsonRpcNotification("notifications/first", null);
        JsonRpcNotification second = new JsonRpcNotification("notifications/second", null);

        session.deliver(early, null);
        assertDoesNotThrow(() -> session.start(listener));
        assertDoesNotThrow(() -> session.deliver(first, null));
        assertDoesNotThrow(() -> session.deliver(second, null));
        assertDoesNotThrow(session::close);

        assertEquals(List.of(early, first, second), listener.messages);
        assertEquals(1, listener.closes);
        assertEquals(0, registry.size());
    }
}
