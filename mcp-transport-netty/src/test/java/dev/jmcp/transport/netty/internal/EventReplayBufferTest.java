package dev.jmcp.transport.netty.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventReplayBufferTest {
    private final List<Long> evicted = new ArrayList<>();
    private final JsonRpcNotification message = new JsonRpcNotification("notifications/message", null);

    @Test
    void theOldestEventsGoFirstWhenTheCountIsExceeded() {
        EventReplayBuffer buffer = new EventReplayBuffer(3, 1_000, entry -> evicted.add(entry.seq()));
        for (long seq = 1; seq <= 5; seq++) {
            buffer.add(1, seq, message);
        }
        assertEquals(List.of(1L, 2L), evicted);
        assertEquals(List.of(4L, 5L), buffer.after(1, 3).stream().map(EventReplayBuffer.Entry::seq).toList());
        assertEquals(3, buffer.size());
    }

    @Test
    void writtenBytesCountAgainstTheByteLimit() {
        EventReplayBuffer buffer = new EventReplayBuffer(100, 100, entry -> evicted.add(entry.seq()));
        EventReplayBuffer.Entry first = buffer.add(1, 1, message);
        EventReplayBuffer.Entry second = buffer.add(2, 1, message);
        buffer.sized(first, 60);
        assertTrue(evicted.isEmpty());
        buffer.sized(second, 60);
        assertEquals(List.of(1L), evicted);
        assertTrue(first.evicted());
        assertFalse(second.evicted());
        assertEquals(60, buffer.bytes());
        buffer.sized(first, 500);
        assertEquals(60, buffer.bytes(), "a dropped entry no longer counts");
    }

    @Test
    void afterReturnsOnlyTheNamedStream() {
        EventReplayBuffer buffer = new EventReplayBuffer(10, 1_000, entry -> { });
        buffer.add(1, 1, message);
        buffer.add(2, 1, message);
        buffer.add(1, 2, message);
        assertEquals(List.of(2L), buffer.after(1, 1).stream().map(EventReplayBuffer.Entry::seq).toList());
        assertEquals(1, buffer.after(2, 0).size());
    }
}
