package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.transport.netty.internal.body.BlobScan;
import dev.jmcp.core.spi.Budget;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The SSE events a session keeps so that a client can resume a stream with {@code Last-Event-ID}:
 * one buffer for all of the session's streams, bounded by a count of events
 * ({@code replayBufferEvents}), by the bytes it keeps ({@code replayBufferBytes}) and, with every
 * other session, by the server's {@link Budget} ({@code maxReplayBytes}).
 *
 * <p>An event keeps its message only until it has been written once; from then on it keeps the
 * bytes that were written ({@link EventRecording}), and a replay sends those again: it never
 * encodes the message twice, so it never goes back to a provider or a blob's source. An event whose
 * bytes cannot be kept (too large, the budget spent, dropped for newer events, or cut while its blob
 * was written) stays as a mark that says why, so that a replay can answer the requests it answered
 * with an error instead of silence. Past {@code replayBufferEvents}, the oldest events go altogether.
 * Not thread-safe: the session guards it.
 */
public final class EventReplayBuffer {
    private final int maxEvents;
    private final long maxBytes;
    private final Budget budget;
    private final Consumer<Entry> onRemoved;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private long bytes;

    /**
     * @param maxEvents the setting {@code replayBufferEvents}
     * @param maxBytes  the setting {@code replayBufferBytes}
     * @param budget    the server's budget, shared with every session
     * @param onRemoved told of each event that goes altogether; never null
     */
    public EventReplayBuffer(int maxEvents, long maxBytes, Budget budget, Consumer<Entry> onRemoved) {
        this.maxEvents = maxEvents;
        this.maxBytes = maxBytes;
        this.budget = budget;
        this.onRemoved = onRemoved;
    }

    /** @return the new entry, holding {@code payload} until it is written; the oldest go past the count */
    public Entry add(long stream, long seq, JsonRpcPayload payload) {
        Entry entry = new Entry(stream, seq, payload);
        entries.addLast(entry);
        while (entries.size() > maxEvents) {
            Entry oldest = entries.removeFirst();
            release(oldest);
            oldest.removed = true;
            onRemoved.accept(oldest);
        }
        return entry;
    }

    /**
     * Starts copying {@code entry} as it is written.
     *
     * @param onOver called, on the writing thread, once the write is over; it must take the
     *               session's lock and call {@link #over}
     * @return the recording to write the event with; null when the entry holds no message to write
     */
    public EventRecording record(Entry entry, Consumer<EventRecording> onOver) {
        if (entry.payload == null || entry.removed) {
            return null;
        }
        abandon(entry);
        entry.recording = new EventRecording(budget, maxBytes, onOver);
        return entry.recording;
    }

    /** Takes what {@code recording} copied of {@code entry}, or marks why it cannot be kept. */
    public void over(Entry entry, EventRecording recording) {
        if (entry.recording != recording) {
            recording.discard(); // the entry went, or a newer write took over
            return;
        }
        entry.recording = null;
        if (recording.refused() != null) {
            recording.discard();
            entry.lose(recording.refused());
            return;
        }
        KeptEvent kept = recording.take();
        if (kept != null) {
            entry.kept = kept;
            entry.payload = null;
            bytes += kept.bytes();
            dropOldestBytes(entry);
        } else if (recording.started() && BlobScan.readsSource(entry.payload)) {
            entry.lose("its connection closed while it was written, and a blob's source is read once");
        }
        // else: cut short before its source was touched, or a message in memory: it can be written
        // again without going back to a provider
    }

    /** Stops copying the writes of {@code stream} still under way: their connection is given up. */
    public void abandonWrites(long stream) {
        for (Entry entry : entries) {
            if (entry.stream == stream) {
                abandon(entry);
            }
        }
    }

    /** @return the entries of {@code stream} with a sequence number above {@code seq}, oldest first */
    public List<Entry> after(long stream, long seq) {
        List<Entry> found = new ArrayList<>();
        for (Entry entry : entries) {
            if (entry.stream == stream && entry.seq > seq) {
                found.add(entry);
            }
        }
        return found;
    }

    /** Drops every event and gives their bytes back to the server's budget; for a session that ends. */
    public void clear() {
        for (Entry entry : entries) {
            release(entry);
        }
        entries.clear();
    }

    /** @return how many events are kept, marks included */
    public int size() {
        return entries.size();
    }

    /** @return the bytes kept */
    public long bytes() {
        return bytes;
    }

    private void abandon(Entry entry) {
        EventRecording recording = entry.recording;
        if (recording != null) {
            over(entry, recording);
            // nothing it copies from now on counts: the write is no longer the one the event is kept from
            recording.discard();
        }
    }

    private void dropOldestBytes(Entry newest) {
        for (Entry entry : entries) {
            if (bytes <= maxBytes) {
                return;
            }
            if (entry != newest && entry.kept != null) {
                unkeep(entry);
                entry.lose("the session kept newer events within replayBufferBytes=" + maxBytes);
            }
        }
    }

    private void release(Entry entry) {
        if (entry.recording != null) {
            entry.recording.discard();
            entry.recording = null;
        }
        if (entry.kept != null) {
            unkeep(entry);
        }
        entry.payload = null;
    }

    private void unkeep(Entry entry) {
        bytes -= entry.kept.bytes();
        budget.giveBack(entry.kept.bytes());
        entry.kept = null;
    }

    /** One event: its message until written, then its bytes, or why they are not kept. */
    public static final class Entry {
        final long stream;
        final long seq;
        final List<RequestId> answers;
        JsonRpcPayload payload;
        EventRecording recording;
        KeptEvent kept;
        String lost;
        boolean removed;

        Entry(long stream, long seq, JsonRpcPayload payload) {
            this.stream = stream;
            this.seq = seq;
            this.payload = payload;
            this.answers = List.copyOf(StreamRoutes.answeredIds(payload));
        }

        private void lose(String why) {
            lost = why;
            payload = null;
        }

        /** @return the number of the stream the event belongs to */
        public long stream() {
            return stream;
        }

        /** @return its sequence number within the stream */
        public long seq() {
            return seq;
        }

        /** @return the message, until its bytes are kept or lost; else null */
        public JsonRpcPayload payload() {
            return payload;
        }

        /** @return the bytes as written; null until the event has been written whole, or when they are not kept */
        KeptEvent kept() {
            return kept;
        }

        /** @return why the event's bytes are not kept, naming the setting that applied; null when they are */
        public String lost() {
            return lost;
        }

        /** @return the requests the event answers; empty for a notification or a request */
        public List<RequestId> answers() {
            return answers;
        }
    }
}
