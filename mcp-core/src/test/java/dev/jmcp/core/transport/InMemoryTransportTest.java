package dev.jmcp.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InMemoryTransportTest {

    /** Collects what an end delivers. */
    private static final class Collector implements McpTransport.Listener {
        final List<String> methods = new ArrayList<>();
        final CountDownLatch arrived;
        final CompletableFuture<Void> closed = new CompletableFuture<>();

        Collector(int expected) {
            arrived = new CountDownLatch(expected);
        }

        @Override
        public void onMessage(JsonRpcPayload payload) {
            if (closed.isDone()) {
                throw new AssertionError("a message after onClosed");
            }
            methods.add(((JsonRpcNotification) payload).method());
            arrived.countDown();
        }

        @Override
        public void onUnreadable(ProtocolException error) {
            throw new AssertionError(error);
        }

        @Override
        public void onClosed(Throwable cause) {
            closed.complete(null);
        }
    }

    @Test
    void messagesArriveInSendOrderIncludingThoseSentBeforeStart() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        Collector server = new Collector(100);
        pair.client().start(new Collector(0));
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            if (i == 10) {
                pair.server().start(server);
            }
            sent.add("m/" + i);
            pair.client().send(new JsonRpcNotification("m/" + i, null)).get(5, TimeUnit.SECONDS);
        }

        assertEquals(true, server.arrived.await(5, TimeUnit.SECONDS));
        assertEquals(sent, server.methods);
        pair.client().close();
    }

    @Test
    void closingOneEndClosesBothAndLaterSendsFail() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        Collector client = new Collector(0);
        Collector server = new Collector(0);
        pair.client().start(client);
        pair.server().start(server);

        pair.server().close();

        client.closed.get(5, TimeUnit.SECONDS);
        server.closed.get(5, TimeUnit.SECONDS);
        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> pair.client().send(new JsonRpcNotification("late", null)).get(5, TimeUnit.SECONDS));
        assertEquals(McpException.class, failure.getCause().getClass());
    }

    @Test
    void startingTwiceFails() {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        pair.client().start(new Collector(0));

        assertThrows(IllegalStateException.class, () -> pair.client().start(new Collector(0)));
        pair.client().close();
    }
}
