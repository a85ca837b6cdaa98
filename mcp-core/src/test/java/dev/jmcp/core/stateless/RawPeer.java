package dev.jmcp.core.stateless;

import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The client end of a connection as raw JSON: what the test sends goes through the codec into the
 * server session, and what the server sends comes back as the JSON it would put on the wire.
 */
final class RawPeer implements McpTransport {
    static final Duration WAIT = Duration.ofSeconds(10);

    private final McpCodec codec = McpCodec.defaults();
    private final BlockingQueue<JsonObject> received = new LinkedBlockingQueue<>();
    private volatile Listener listener;
    private volatile boolean closed;
    private volatile Gate gate;
    private volatile Budget answers;

    /** Makes {@code budget} the one this transport offers its session ({@link #answerBudget()}). */
    RawPeer answerBudget(Budget budget) {
        this.answers = budget;
        return this;
    }

    @Override
    public Budget answerBudget() {
        return answers;
    }

    /** Holds what the server sends, not yet encoded, until the test has done something in between. */
    static final class Gate {
        final CountDownLatch reached = new CountDownLatch(1);
        final CountDownLatch released = new CountDownLatch(1);
    }

    /** @return a gate at which the next message the server sends waits before it is encoded */
    Gate holdNextSend() {
        Gate held = new Gate();
        gate = held;
        return held;
    }

    @Override
    public void start(Listener value) {
        this.listener = value;
    }

    /** Delivers {@code json} as if it had arrived on the wire with a token the transport verified as {@code principal}. */
    void send(String json, Principal principal) {
        listener.onMessage(codec.read(json.getBytes(StandardCharsets.UTF_8), PendingRequests.NONE), principal);
    }

    /** As {@link #call(String)}, as {@code principal}. */
    JsonObject call(String json, Principal principal) throws InterruptedException {
        send(json, principal);
        return response();
    }

    /** Delivers {@code json} to the server as if it had arrived on the wire, readable or not. */
    void send(String json) {
        JsonRpcPayload payload;
        try {
            payload = codec.read(json.getBytes(StandardCharsets.UTF_8), PendingRequests.NONE);
        } catch (ProtocolException unreadable) {
            listener.onUnreadable(unreadable);
            return;
        }
        listener.onMessage(payload);
    }

    /** @return the next message the server sent, as JSON */
    JsonObject next() throws InterruptedException {
        JsonObject message = received.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        if (message == null) {
            throw new AssertionError("the server sent nothing within " + WAIT);
        }
        return message;
    }

    /** @return the next message, or null when none comes within {@code millis} */
    JsonObject poll(long millis) throws InterruptedException {
        return received.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** Sends {@code json} and returns the server's response to it, skipping notifications. */
    JsonObject call(String json) throws InterruptedException {
        send(json);
        return response();
    }

    private JsonObject response() throws InterruptedException {
        while (true) {
            JsonObject message = next();
            if (message.containsKey("id")) {
                return message;
            }
        }
    }

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        Gate held = gate;
        if (held != null) {
            gate = null;
            held.reached.countDown();
            try {
                held.released.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String json = new String(codec.toBytes(payload), StandardCharsets.UTF_8);
        received.add(Json.createReader(new StringReader(json)).readObject());
        return CompletableFuture.completedFuture(null);
    }

    boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Listener current = listener;
            if (current != null) {
                current.onClosed(null);
            }
        }
    }
}
