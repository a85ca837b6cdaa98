package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The SSE events a session keeps so that a client can resume a stream with {@code Last-Event-ID}:
 * one buffer for all of the session's streams, bounded by a count of events and by the encoded
 * bytes of the events that have been written, the oldest dropped first. It keeps the messages,
 * not their bytes, and encodes them again when it replays them (a blob is read from its source
 * again). Not thread-safe: the session guards it.
 */
public final class EventReplayBuffer {
    private final int maxEvents;
    private final long maxBytes;
    private final Consumer<Entry> onEvicted;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private long bytes;

    /**
     * @param maxEvents the setting {@code replayBufferEvents}
     * @param maxBytes  the setting {@code replayBufferBytes}
     * @param onEvicted told of each event dropped; never null
     */
    public EventReplayBuffer(int maxEvents, long maxBytes, Consumer<Entry> onEvicted) {
        this.maxEvents = maxEvents;
        this.maxBytes = maxBytes;
        this.onEvicted = onEvicted;
    }

    /** @return the new entry, already subject to the limits (it may be dropped at once) */
    public Entry add(long stream, long seq, JsonRpcPayload payload) {
        Entry entry = new Entry(stream, seq, payload);
        entries.addLast(entry);
        evict();
        return entry;
    }

    /** Counts the encoded size of an entry once it has been written; does nothing if it was dropped. */
    public void sized(Entry entry, long size) {
        if (entry.evicted || entry.bytes > 0) {
            return;
        }
        entry.bytes = size;
        bytes += size;
        evict();
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

    /** @return how many events are kept */
    public int size() {
        return entries.size();
    }

    /** @return the encoded bytes of the kept events that have been written */
    public long bytes() {
        return bytes;
    }

    private void evict() {
        while (!entries.isEmpty() && (entries.size() > maxEvents || bytes > maxBytes)) {
            Entry oldest = entries.removeFirst();
            oldest.evicted = true;
            bytes -= oldest.bytes;
            onEvicted.accept(oldest);
        }
    }

    /** One kept event. */
    public static final class Entry {
        final long stream;
        final long seq;
        final JsonRpcPayload payload;
        long bytes;
        boolean evicted;

        Entry(long stream, long seq, JsonRpcPayload payload) {
            this.stream = stream;
            this.seq = seq;
            this.payload = payload;
        }

        /** @return the number of the stream the event belongs to */
        public long stream() {
            return stream;
        }

        /** @return its sequence number within the stream */
        public long seq() {
            return seq;
        }

        /** @return the message */
        public JsonRpcPayload payload() {
            return payload;
        }

        /** @return whether the buffer has dropped it */
        public boolean evicted() {
            return evicted;
        }
    }
}
