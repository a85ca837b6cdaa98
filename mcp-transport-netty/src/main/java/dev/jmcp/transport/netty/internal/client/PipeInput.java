package dev.jmcp.transport.netty.internal.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;

/**
 * A response body handed from the event loop to a thread that reads it with blocking calls: for a
 * message too long to be decoded on the event loop ({@link PostExchange#FAST_BYTES}), or one
 * streamed without a length ({@link PostExchange#STREAMED_BYTES}). Holds at most
 * about {@link #HIGH_WATER} bytes: beyond that the channel stops reading until the reader catches
 * up, so a blob of gigabytes never sits in memory.
 */
final class PipeInput extends InputStream {
    /** The most bytes held before the channel stops reading. */
    static final int HIGH_WATER = 256 * 1024;

    private final Channel channel;
    private final ArrayDeque<ByteBuf> pieces = new ArrayDeque<>();
    private long held;
    private boolean ended;
    private IOException failure;
    private boolean closed;
    private boolean paused;

    PipeInput(Channel channel) {
        this.channel = channel;
    }

    /** On the event loop: more of the body; this pipe owns {@code piece} from now on. */
    synchronized void offer(ByteBuf piece) {
        if (closed || ended || failure != null) {
            piece.release();
            return;
        }
        pieces.add(piece);
        held += piece.readableBytes();
        if (held > HIGH_WATER && !paused) {
            paused = true;
            channel.config().setAutoRead(false);
            notifyAll();
        }
    }

    /**
     * On the event loop, at the end of a batch of reads: wakes the reader for what the batch
     * brought. Once per batch rather than per piece, which would wake it for every 64 KiB.
     */
    synchronized void flush() {
        notifyAll();
    }

    /**
     * On the event loop: the body is complete. The channel reads again at once (nothing more of
     * this body can come), so that it can carry the next exchange while the reader finishes.
     */
    synchronized void end() {
        ended = true;
        if (paused) {
            paused = false;
            channel.config().setAutoRead(true);
        }
        notifyAll();
    }

    /** On the event loop: the body broke off; a read past what arrived fails with {@code why}. */
    synchronized void fail(IOException why) {
        if (!ended) {
            failure = why;
        }
        notifyAll();
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public synchronized int read(byte[] into, int offset, int count) throws IOException {
        if (count == 0) {
            return 0;
        }
        while (pieces.isEmpty()) {
            if (closed) {
                throw new IOException("the stream is closed");
            }
            if (ended) {
                return -1;
            }
            if (failure != null) {
                throw failure instanceof EOFException ? new EOFException(failure.getMessage())
                        : new IOException(failure.getMessage(), failure);
            }
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading a response");
            }
        }
        ByteBuf piece = pieces.peek();
        int n = Math.min(count, piece.readableBytes());
        piece.readBytes(into, offset, n);
        if (!piece.isReadable()) {
            pieces.poll().release();
        }
        held -= n;
        if (paused && held < HIGH_WATER / 2) {
            paused = false;
            channel.config().setAutoRead(true);
        }
        return n;
    }

    @Override
    public synchronized int available() {
        return pieces.isEmpty() ? 0 : pieces.peek().readableBytes();
    }

    /** Drops what is held; a body not yet complete can no longer be read, so its connection is closed. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        pieces.forEach(ByteBuf::release);
        pieces.clear();
        if (!ended) {
            channel.close();
        }
        notifyAll();
    }
}
