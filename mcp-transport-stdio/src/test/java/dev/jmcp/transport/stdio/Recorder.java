package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A listener that records what a transport delivers, and fails on any call after onClosed. */
final class Recorder implements McpTransport.Listener {
    /** One delivery: exactly one of the fields is set, or {@code closed} with a null cause. */
    record Event(JsonRpcPayload message, ProtocolException unreadable, boolean closed, Throwable cause) {
    }

    final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
    final List<String> violations = Collections.synchronizedList(new ArrayList<>());
    final List<String> threads = Collections.synchronizedList(new ArrayList<>());
    volatile PendingRequests pending = PendingRequests.NONE;
    private volatile boolean closed;
    private volatile boolean inCall;

    @Override
    public PendingRequests pendingRequests() {
        return pending;
    }

    @Override
    public void onMessage(JsonRpcPayload payload) {
        record(new Event(payload, null, false, null));
    }

    @Override
    public void onUnreadable(ProtocolException error) {
        record(new Event(null, error, false, null));
    }

    @Override
    public void onClosed(Throwable cause) {
        record(new Event(null, null, true, cause));
    }

    private void record(Event event) {
        if (closed) {
            violations.add("called after onClosed: " + event);
        }
        if (inCall) {
            violations.add("called from two threads at once: " + event);
        }
        inCall = true;
        threads.add(Thread.currentThread().getName());
        if (event.closed()) {
            closed = true;
        }
        events.add(event);
        inCall = false;
    }

    Event next() throws InterruptedException {
        Event event = events.poll(5, TimeUnit.SECONDS);
        assertNotNull(event, "nothing delivered within 5 s");
        return event;
    }

    JsonRpcPayload nextMessage() throws InterruptedException {
        Event event = next();
        if (event.message() == null) {
            fail("expected a message, got " + event);
        }
        return event.message();
    }

    ProtocolException nextUnreadable() throws InterruptedException {
        Event event = next();
        if (event.unreadable() == null) {
            fail("expected unreadable input, got " + event);
        }
        return event.unreadable();
    }

    Event nextClosed() throws InterruptedException {
        Event event = next();
        if (!event.closed()) {
            fail("expected onClosed, got " + event);
        }
        return event;
    }
}
