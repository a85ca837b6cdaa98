package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.RequestId;
import io.netty.channel.Channel;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;

/**
 * One logical SSE stream of a session: the answer to one POST, or the session's standalone stream
 * that GET opens. It outlives the connections that carry it, so that a client can resume it. Its
 * event ids are {@code <number>-<seq>}: unique across the session's streams, and they name the
 * stream. Guarded by the session's lock.
 */
final class EventStream {
    final long number;
    final boolean standalone;
    /** The requests of the POST still to be answered, and the progress token each carried (or null). */
    final Map<RequestId, ProgressToken> pending = new HashMap<>();
    /** The connection that carries the stream now; null while none does. */
    Channel channel;
    /** Listens for {@link #channel} to close; removed when the stream leaves a connection that lives on. */
    GenericFutureListener<Future<? super Void>> onClose;
    /**
     * Whether the response head has been written (a POST stream waits to decide: see sseHeadDelay),
     * though perhaps not flushed yet (see sseHeadHold).
     */
    boolean headSent;
    /** Whether the head was written unflushed, to leave with the first message (sseHeadHold). */
    boolean headHeld;
    /**
     * Whether, until its head leaves, only a lone error answer goes as {@code application/json}
     * (sseHeadHold), rather than any lone answer (sseHeadDelay).
     */
    boolean onlyErrorsAsJson;
    /**
     * Starts the stream once sseHeadDelay or sseHeadHold has passed without a message; null when
     * neither is set.
     */
    ScheduledFuture<?> headTimer;
    /** The last sequence number given out. */
    long lastSeq;
    /** The last sequence number written to a connection. */
    long deliveredSeq;
    /** The highest sequence number the replay buffer has dropped. */
    long evictedSeq;
    /** How many of the stream's events the replay buffer holds. */
    int retained;
    /** Whether the last response has been sent: nothing more will be added. */
    boolean complete;

    EventStream(long number, boolean standalone) {
        this.number = number;
        this.standalone = standalone;
    }

    long nextSeq() {
        return ++lastSeq;
    }

    String eventId(long seq) {
        return number + "-" + seq;
    }

    /**
     * Drops the head timer once the stream has begun, so that its event loop does not wake up for
     * it: from another thread, the cancellation waits for the loop's next task, such as the write.
     */
    void headDecided() {
        if (headTimer != null) {
            headTimer.cancel(false);
            headTimer = null;
        }
    }

    boolean live() {
        return channel != null && channel.isActive();
    }

    @Override
    public String toString() {
        return (standalone ? "standalone stream " : "stream ") + number;
    }
}
