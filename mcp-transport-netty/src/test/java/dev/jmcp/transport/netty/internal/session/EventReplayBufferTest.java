package dev.jmcp.transport.netty.internal.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.TextResourceContents;
import dev.jmcp.core.spi.Budget;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventReplayBufferTest {
    private final List<Long> removed = new ArrayList<>();
    private final JsonRpcNotification message = new JsonRpcNotification("notifications/message", null);
    private final Budget budget = Budget.of("maxReplayBytes", 1_000);

    private EventReplayBuffer buffer(int maxEvents, long maxBytes) {
        return new EventReplayBuffer(maxEvents, maxBytes, budget, entry -> removed.add(entry.seq()));
    }

    /** Writes {@code size} bytes of {@code entry} through a recording, whole or cut short. */
    private static EventRecording write(EventReplayBuffer buffer, EventReplayBuffer.Entry entry, int size,
            boolean whole) {
        EventRecording recording = buffer.record(entry, done -> buffer.over(entry, done));
        recording.reading();
        recording.written(Unpooled.wrappedBuffer(new byte[size]));
        if (whole) {
            recording.ended();
        } else {
            recording.abandoned();
        }
        return recording;
    }

    private static JsonRpcResultResponse answer(int id, ReadResourceResult result) {
        return new JsonRpcResultResponse(RequestId.of(id), result);
    }

    @Test
    void theOldestEventsGoAltogetherPastTheCount() {
        EventReplayBuffer buffer = buffer(3, 1_000);
        for (long seq = 1; seq <= 5; seq++) {
            buffer.add(1, seq, message);
        }
        assertEquals(List.of(1L, 2L), removed);
        assertEquals(List.of(4L, 5L), buffer.after(1, 3).stream().map(EventReplayBuffer.Entry::seq).toList());
        assertEquals(3, buffer.size());
    }

    @Test
    void aWrittenEventKeepsTheBytesAsWrittenInsteadOfItsMessage() throws Exception {
        EventReplayBuffer buffer = buffer(10, 1_000);
        EventReplayBuffer.Entry entry = buffer.add(1, 1, message);
        EventRecording recording = buffer.record(entry, done -> buffer.over(entry, done));
        recording.reading();
        recording.written(Unpooled.wrappedBuffer(new byte[] {1, 2}));
        recording.written(Unpooled.wrappedBuffer(new byte[] {3}));
        recording.ended();
        assertNull(entry.payload(), "the message is no longer held");
        assertArrayEquals(new byte[] {1, 2, 3}, entry.kept().open().readAllBytes());
        assertNull(buffer.record(entry, done -> { }), "a kept event is never encoded again");
        assertEquals(3, buffer.bytes());
        assertEquals(3, budget.used());
    }

    @Test
    void keptBytesPastReplayBufferBytesDropTheOldestAndSayWhy() {
        EventReplayBuffer buffer = buffer(10, 100);
        EventReplayBuffer.Entry first = buffer.add(1, 1, answer(7, ReadResourceResult.of(List.of())));
        EventReplayBuffer.Entry second = buffer.add(2, 1, message);
        write(buffer, first, 60, true);
        write(buffer, second, 60, true);
        assertNull(first.kept());
        assertTrue(first.lost().contains("replayBufferBytes=100"), first.lost());
        assertEquals(List.of(RequestId.of(7)), first.answers(), "what it answered is remembered");
        assertNotNull(second.kept());
        assertEquals(60, buffer.bytes());
        assertEquals(60, budget.used(), "what was dropped went back to the server's budget");
        assertEquals(2, buffer.size(), "the dropped event stays as a mark");
    }

    @Test
    void anEventLargerThanReplayBufferBytesIsNotKept() {
        EventReplayBuffer buffer = buffer(10, 100);
        EventReplayBuffer.Entry entry = buffer.add(1, 1, message);
        write(buffer, entry, 101, true);
        assertNull(entry.kept());
        assertTrue(entry.lost().contains("larger than replayBufferBytes=100"), entry.lost());
        assertEquals(0, budget.used());
    }

    @Test
    void anEventPastTheServersBudgetIsNotKeptAndTheKeptOnesStay() {
        EventReplayBuffer one = buffer(10, 800);
        EventReplayBuffer other = buffer(10, 800);
        EventReplayBuffer.Entry kept = one.add(1, 1, message);
        write(one, kept, 700, true);
        EventReplayBuffer.Entry refused = other.add(1, 1, message);
        write(other, refused, 400, true);
        assertNotNull(kept.kept());
        assertNull(refused.kept());
        assertTrue(refused.lost().contains("maxReplayBytes=1000"), refused.lost());
        assertEquals(700, budget.used());
    }

    @Test
    void aMessageInMemoryCutWhileWrittenIsKeptToWriteAgain() {
        EventReplayBuffer buffer = buffer(10, 1_000);
        EventReplayBuffer.Entry entry = buffer.add(1, 1, answer(3, ReadResourceResult.of(
                TextResourceContents.of("file:///a.txt", "text/plain", "words"))));
        write(buffer, entry, 50, false);
        assertNotNull(entry.payload(), "no provider is involved in writing it again");
        assertNull(entry.lost());
        assertEquals(0, budget.used());
    }

    @Test
    void aBlobFromItsSourceCutWhileWrittenIsLostSinceItsSourceIsReadOnce() {
        EventReplayBuffer buffer = buffer(10, 1_000);
        EventReplayBuffer.Entry entry = buffer.add(1, 1, answer(3, ReadResourceResult.of(BlobResourceContents.of(
                "file:///a.bin", "application/octet-stream", Blob.ofStream(() -> new ByteArrayInputStream(new byte[9]),
                        9)))));
        write(buffer, entry, 50, false);
        assertNull(entry.payload());
        assertTrue(entry.lost().contains("read once"), entry.lost());
        assertEquals(0, budget.used());
    }

    @Test
    void aBlobFromItsSourceWhoseBodyWasNeverReadIsWrittenOnResume() {
        EventReplayBuffer buffer = buffer(10, 1_000);
        EventReplayBuffer.Entry entry = buffer.add(1, 1, answer(3, ReadResourceResult.of(BlobResourceContents.of(
                "file:///a.bin", "application/octet-stream", Blob.ofStream(() -> new ByteArrayInputStream(new byte[9]),
                        9)))));
        buffer.record(entry, done -> buffer.over(entry, done)).abandoned(); // queued behind another, then cut
        assertNotNull(entry.payload(), "its source was never read");
        assertNull(entry.lost());
    }

    @Test
    void aWriteGivenUpForAResumeNoLongerCounts() {
        EventReplayBuffer buffer = buffer(10, 1_000);
        EventReplayBuffer.Entry entry = buffer.add(1, 1, message);
        EventRecording old = buffer.record(entry, done -> buffer.over(entry, done));
        old.written(Unpooled.wrappedBuffer(new byte[40]));
        buffer.abandonWrites(1);
        old.written(Unpooled.wrappedBuffer(new byte[40]));
        old.ended();
        assertSame(message, entry.payload(), "written again on the connection that resumes");
        assertEquals(0, budget.used());
    }

    @Test
    void clearingGivesEveryByteBackToTheServersBudget() {
        EventReplayBuffer buffer = buffer(10, 1_000);
        write(buffer, buffer.add(1, 1, message), 100, true);
        EventReplayBuffer.Entry writing = buffer.add(1, 2, message);
        EventRecording recording = buffer.record(writing, done -> buffer.over(writing, done));
        recording.written(Unpooled.wrappedBuffer(new byte[30]));
        assertEquals(130, budget.used());
        buffer.clear();
        assertEquals(0, budget.used());
        recording.written(Unpooled.wrappedBuffer(new byte[30]));
        recording.ended();
        assertEquals(0, budget.used(), "a write that ends after the session does not count");
    }

    @Test
    void afterReturnsOnlyTheNamedStream() {
        EventReplayBuffer buffer = buffer(10, 1_000);
        buffer.add(1, 1, message);
        buffer.add(2, 1, message);
        buffer.add(1, 2, message);
        assertEquals(List.of(2L), buffer.after(1, 1).stream().map(EventReplayBuffer.Entry::seq).toList());
        assertEquals(1, buffer.after(2, 0).size());
    }
}
