package dev.jmcp.core.transport;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One end of a connection within the JVM: for tests, and for programs that embed a server. The two
 * ends of a {@link #pair()} hand each other the message objects themselves, never bytes, so
 * nothing is encoded (which also means that a result reaches the caller as the record the handler
 * returned).
 *
 * <p>Each end delivers to its listener on one daemon thread of its own,
 * {@code jmcp-in-memory-<n>-client} or {@code -server}, in the order the other end sent; the thread
 * ends when the end closes, and idles out when there is nothing to deliver. Closing either end
 * closes both, like a socket. {@link #send} never blocks.
 *
 * @since 0.1
 */
public final class InMemoryTransport implements McpTransport {
    private static final System.Logger LOG = System.getLogger(InMemoryTransport.class.getName());
    private static final AtomicInteger PAIRS = new AtomicInteger();

    private final String name;
    private final ThreadPoolExecutor delivery;
    private final List<JsonRpcPayload> early = new ArrayList<>();
    private InMemoryTransport peer;
    private Listener listener;
    private boolean closed;

    private InMemoryTransport(String name) {
        this.name = name;
        this.delivery = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
        delivery.allowCoreThreadTimeOut(true);
    }

    /** @return two connected ends, one for the client session and one for the server session */
    public static Pair pair() {
        String prefix = "jmcp-in-memory-" + PAIRS.incrementAndGet();
        InMemoryTransport client = new InMemoryTransport(prefix + "-client");
        InMemoryTransport server = new InMemoryTransport(prefix + "-server");
        client.peer = server;
        server.peer = client;
        return new Pair(client, server);
    }

    @Override
    public void start(Listener value) {
        Objects.requireNonNull(value, "listener");
        synchronized (this) {
            if (listener != null) {
                throw new IllegalStateException(name + " is already started");
            }
            listener = value;
            if (closed) {
                early.clear();
                return;
            }
            for (JsonRpcPayload payload : early) {
                delivery.execute(() -> value.onMessage(payload));
            }
            early.clear();
        }
    }

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        Objects.requireNonNull(payload, "payload");
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new McpException(name + " is closed"));
            }
        }
        if (!peer.deliver(payload)) {
            return CompletableFuture.failedFuture(new McpException(peer.name + " is closed"));
        }
        return CompletableFuture.completedFuture(null);
    }

    private synchronized boolean deliver(JsonRpcPayload payload) {
        if (closed) {
            return false;
        }
        Listener target = listener;
        if (target == null) {
            early.add(payload);
        } else {
            delivery.execute(() -> safely(() -> target.onMessage(payload)));
        }
        return true;
    }

    @Override
    public void close() {
        Listener target;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            target = listener;
            early.clear();
        }
        if (target != null) {
            // after every message already queued, and last
            delivery.execute(() -> safely(() -> target.onClosed(null)));
        }
        delivery.shutdown();
        peer.close();
    }

    private void safely(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, name + ": the listener failed", e);
        }
    }

    @Override
    public String toString() {
        return "InMemoryTransport[" + name + "]";
    }

    /**
     * The two ends of an in-memory connection.
     *
     * @param client the end for the client session; never null
     * @param server the end for the server session; never null
     * @since 0.1
     */
    public record Pair(InMemoryTransport client, InMemoryTransport server) {
        public Pair {
            Objects.requireNonNull(client, "client");
            Objects.requireNonNull(server, "server");
        }
    }
}
