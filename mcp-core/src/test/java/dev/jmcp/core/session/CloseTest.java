package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.RequestId;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CloseTest {
    private final Fixtures fixtures = new Fixtures();

    @AfterEach
    void closeSessions() throws Exception {
        fixtures.close();
    }

    @Test
    void closingFailsPendingRequestsCancelsHandlersAndLeavesNoThreadsBehind() throws Exception {
        Set<Thread> before = Fixtures.jmcpThreads();
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Boolean> handlerCancelled = new CompletableFuture<>();
        Fixtures.Connected connected = fixtures.connect(server -> server.requestHandler("test/forever",
                (params, context) -> {
                    started.countDown();
                    try {
                        new CountDownLatch(1).await(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        // the session's executor is shut down with an interrupt
                    }
                    handlerCancelled.complete(context.isCancelled());
                    return null;
                }), client -> { });
        CompletableFuture<Object> pending = connected.client().sendRequest("test/forever", null, Object.class);
        assertTrue(started.await(5, TimeUnit.SECONDS));
        Set<Thread> ours = new HashSet<>(Fixtures.jmcpThreads());
        ours.removeAll(before);
        assertTrue(ours.stream().anyMatch(thread -> thread.getName().contains("-handler-")), "threads " + ours);
        assertTrue(ours.stream().anyMatch(thread -> thread.getName().contains("-timer-")), "threads " + ours);
        assertTrue(ours.stream().anyMatch(thread -> thread.getName().startsWith("jmcp-in-memory-")), "threads " + ours);

        connected.client().close();

        ExecutionException failure = assertThrows(ExecutionException.class, () -> pending.get(5, TimeUnit.SECONDS));
        SessionClosedException closed = assertInstanceOf(SessionClosedException.class, failure.getCause());
        assertTrue(closed.getMessage().contains("test/forever"), closed.getMessage());
        assertNull(connected.client().pendingRequests().methodOf(RequestId.of(2)), "no pending entry is left");
        connected.server().onClose().get(5, TimeUnit.SECONDS);
        assertTrue(handlerCancelled.get(5, TimeUnit.SECONDS), "the server's handler is cancelled when its session closes");
        assertFalse(connected.client().isOpen());
        assertFalse(connected.server().isOpen());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (Thread thread : ours) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        assertEquals(Set.of(), ours.stream().filter(Thread::isAlive).map(Thread::getName).collect(
                java.util.stream.Collectors.toSet()), "threads still alive 5 s after close");
    }

    @Test
    void requestsAfterCloseFailWithSessionClosed() throws Exception {
        Fixtures.Connected connected = fixtures.connect(server -> { }, client -> { });
        connected.server().close();
        connected.client().onClose().get(5, TimeUnit.SECONDS);

        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> connected.client().ping().get(5, TimeUnit.SECONDS));

        assertInstanceOf(SessionClosedException.class, failure.getCause());
        assertTrue(connected.server().initialized().isDone());
    }

    @Test
    void serverInitializedFailsWhenTheSessionClosesFirst() throws Exception {
        var pair = dev.jmcp.core.transport.InMemoryTransport.pair();
        ServerSession server = fixtures.server(pair.server(), builder -> { });
        server.close();

        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> server.initialized().get(5, TimeUnit.SECONDS));

        assertInstanceOf(SessionClosedException.class, failure.getCause());
    }
}
