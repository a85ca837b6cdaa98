package dev.jmcp.transport.netty.internal.body;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The hand-over of one response body from the thread that encodes it to the event loop that
 * writes it: a queue of a few chunks. The producer blocks when the queue is full (the client reads
 * slowly); the loop never blocks: {@link #poll} returns null when no chunk is ready, and the
 * producer calls {@code wake} once it has added one (or ended), so that the loop asks again.
 *
 * <p>Either side may end it: the producer with {@link #finish} or {@link #fail}, the loop with
 * {@link #close} when the body is no longer wanted (written, or its connection closed). Every
 * chunk is released exactly once: by the loop once written, or by whichever side drains it after
 * {@link #close}.
 */
final class BodyPipe {
    private final ArrayBlockingQueue<ByteBuf> chunks;
    private final Runnable wake;
    private final AtomicBoolean waiting = new AtomicBoolean();
    private volatile boolean finished;
    private volatile Throwable failure;
    private volatile boolean closed;

    /**
     * @param capacity how many chunks may wait for the loop; at least 1
     * @param wake     makes the loop poll again; called on the producer's thread
     */
    BodyPipe(int capacity, Runnable wake) {
        this.chunks = new ArrayBlockingQueue<>(capacity);
        this.wake = wake;
    }

    // ---- the producer's side ----

    /**
     * Hands {@code chunk} to the loop, waiting while the queue is full; the pipe owns it from now
     * on, whatever happens.
     *
     * @throws InterruptedIOException when the body is no longer wanted, or the wait was interrupted
     */
    void put(ByteBuf chunk) throws IOException {
        if (closed) {
            chunk.release();
            throw unwanted();
        }
        try {
            chunks.put(chunk);
        } catch (InterruptedException e) {
            chunk.release();
            Thread.currentThread().interrupt();
            throw unwanted();
        }
        if (closed) {
            // closed while we waited: the loop may have drained the queue before our chunk arrived
            drain();
            throw unwanted();
        }
        signal();
    }

    /** @throws InterruptedIOException when the body is no longer wanted */
    void checkWanted() throws IOException {
        if (closed) {
            throw unwanted();
        }
    }

    /** Says the body is complete: every chunk has been put. */
    void finish() {
        finished = true;
        signal();
    }

    /** Says the body cannot be completed; the loop fails the response with {@code cause}. */
    void fail(Throwable cause) {
        failure = cause;
        finished = true;
        signal();
    }

    /** @return whether the loop no longer wants the body */
    boolean isClosed() {
        return closed;
    }

    private void signal() {
        if (waiting.getAndSet(false)) {
            try {
                wake.run();
            } catch (RejectedExecutionException e) {
                // the loop has stopped: it closes its connections, and this pipe with them
            }
        }
    }

    private InterruptedIOException unwanted() {
        return new InterruptedIOException("the response body is no longer wanted: it was written or its "
                + "connection closed");
    }

    // ---- the loop's side ----

    /**
     * @return the next chunk, which the caller now owns; null when none is ready: then either
     *         {@link #ended} is true, or the producer will call {@code wake} when there is news
     */
    ByteBuf poll() {
        // read before polling: a chunk put before the end was announced is then surely in the queue
        boolean done = finished;
        ByteBuf chunk = chunks.poll();
        if (chunk != null || done) {
            return chunk;
        }
        waiting.set(true);
        done = finished;
        chunk = chunks.poll();
        if (chunk != null || done) {
            waiting.set(false);
        }
        return chunk;
    }

    /** @return whether the producer has ended and nothing is left to poll */
    boolean ended() {
        return finished && chunks.isEmpty();
    }

    /** @return why the producer could not complete the body; null when it did, or has not ended */
    Throwable failure() {
        return failure;
    }

    /** Says the body is no longer wanted, and releases what waits in the queue. */
    void close() {
        closed = true;
        drain();
    }

    private void drain() {
        ByteBuf chunk;
        while ((chunk = chunks.poll()) != null) {
            chunk.release();
        }
    }
}
