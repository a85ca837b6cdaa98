package dev.jmcp.dialect.gomcp.testing;

import dev.jmcp.schema.codec.JsonRuntime;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A gomcp-style client written from gomcp's shapes, not from jmcp's client: it sends
 * {@code initialize} at 2025-03-26 and then the bare {@code initialized}, sends requests as JSON
 * text, and hands back raw JSON responses and notifications, so that tests assert the wire.
 */
public final class GomcpPeer implements AutoCloseable {
    /** Long enough for a JVM to start on a busy machine; a passing test never waits this long. */
    public static final Duration WAIT = Duration.ofSeconds(30);

    private final Wire wire;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> calls = new ConcurrentHashMap<>();
    private final BlockingQueue<JsonObject> notifications = new LinkedBlockingQueue<>();

    private GomcpPeer(Wire wire) {
        this.wire = wire;
    }

    /** @return a peer on {@code wire}, not yet initialized */
    public static GomcpPeer on(Wire wire) throws IOException {
        GomcpPeer peer = new GomcpPeer(wire);
        wire.start(peer::received, peer::ended);
        return peer;
    }

    /** @return the peer after gomcp's handshake: initialize at 2025-03-26, then the bare initialized */
    public static GomcpPeer initialized(Wire wire) throws Exception {
        return initialized(wire, "gomcp-test");
    }

    /** @return the peer after gomcp's handshake, naming itself {@code clientName} in {@code clientInfo} */
    public static GomcpPeer initialized(Wire wire, String clientName) throws Exception {
        GomcpPeer peer = on(wire);
        JsonObject answer = peer.call("initialize", "{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"" + clientName + "\",\"version\":\"0.1\"}}");
        if (!answer.containsKey("result")) {
            throw new AssertionError("initialize failed: " + answer);
        }
        peer.notify("initialized", null);
        return peer;
    }

    private void received(String text) {
        JsonObject message = JsonRuntime.provider().createReader(new StringReader(text)).readObject();
        JsonValue id = message.get("id");
        if (id instanceof JsonNumber number && !message.containsKey("method")) {
            CompletableFuture<JsonObject> call = calls.remove(number.intValue());
            if (call != null) {
                call.complete(message);
            }
        } else if (id == null) {
            notifications.add(message);
        }
    }

    /** The server's side ended: no pending call will be answered. */
    private void ended() {
        AssertionError gone = new AssertionError("the server's side ended\n" + wire.diagnostics());
        calls.values().forEach(call -> call.completeExceptionally(gone));
    }

    /** @return the whole response to {@code method} with {@code params} (JSON text, may be null) */
    public JsonObject call(String method, String params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonObject> answer = new CompletableFuture<>();
        calls.put(id, answer);
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\""
                + (params == null ? "" : ",\"params\":" + params) + "}");
        return answer.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    /** @return the result of a call that must succeed */
    public JsonObject result(String method, String params) throws Exception {
        JsonObject answer = call(method, params);
        if (!answer.containsKey("result")) {
            throw new AssertionError(method + " " + params + " failed: " + answer);
        }
        return answer.getJsonObject("result");
    }

    /** @return the error of a call that must fail */
    public JsonObject error(String method, String params) throws Exception {
        JsonObject answer = call(method, params);
        if (!answer.containsKey("error")) {
            throw new AssertionError(method + " " + params + " did not fail: " + answer);
        }
        return answer.getJsonObject("error");
    }

    public void notify(String method, String params) throws IOException {
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"" + (params == null ? "" : ",\"params\":" + params)
                + "}");
    }

    /** @return the next notification the server sent; fails when none comes within {@link #WAIT} */
    public JsonObject nextNotification() throws InterruptedException {
        JsonObject next = notifications.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        if (next == null) {
            throw new AssertionError("no notification within " + WAIT);
        }
        return next;
    }

    /** @return the next notification of {@code method}, skipping others (such as list changes) */
    public JsonObject nextNotification(String method) throws InterruptedException {
        while (true) {
            JsonObject next = nextNotification();
            if (method.equals(next.getString("method"))) {
                return next;
            }
        }
    }

    @Override
    public void close() {
        wire.close();
    }
}
