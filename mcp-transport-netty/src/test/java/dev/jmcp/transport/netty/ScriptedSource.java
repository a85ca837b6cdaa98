package dev.jmcp.transport.netty;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A blob's source for tests. Its bytes are made up as they are read (see {@link #byteAt}), so the
 * blob exists nowhere whole. It can stall at a position until {@link #release}d (an interruptible
 * wait, as a well-behaved provider's would be) or fail there, and it reports who read it, how far,
 * and whether it was closed or interrupted.
 */
public final class ScriptedSource extends InputStream {
    private final long length;
    private final long stallAt;
    private final long failAt;
    private final CountDownLatch released = new CountDownLatch(1);
    private final CountDownLatch opened = new CountDownLatch(1);
    private final CountDownLatch stalled = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicLong position = new AtomicLong();
    private volatile Thread reader;
    private volatile boolean interrupted;

    private ScriptedSource(long length, long stallAt, long failAt) {
        this.length = length;
        this.stallAt = stallAt;
        this.failAt = failAt;
    }

    /** @return a source of {@code length} bytes that neither stalls nor fails */
    public static ScriptedSource of(long length) {
        return new ScriptedSource(length, -1, -1);
    }

    /** @return a source of {@code length} bytes whose reads wait at {@code at} until released */
    public static ScriptedSource stallingAt(long at, long length) {
        return new ScriptedSource(length, at, -1);
    }

    /** @return a source of {@code length} bytes whose read at {@code at} throws an IOException */
    public static ScriptedSource failingAt(long at, long length) {
        return new ScriptedSource(length, -1, at);
    }

    /** @return the byte at {@code index} of every source */
    public static byte byteAt(long index) {
        return (byte) (index * 31 + (index >>> 9));
    }

    /** @return the first {@code length} bytes of every source */
    public static byte[] bytes(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = byteAt(i);
        }
        return bytes;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] target, int offset, int count) throws IOException {
        reader = Thread.currentThread();
        opened.countDown();
        long at = position.get();
        if (at == stallAt && released.getCount() > 0) {
            stalled.countDown();
            try {
                released.await();
            } catch (InterruptedException e) {
                interrupted = true;
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("the read was interrupted while the source stalled");
            }
        }
        if (at == failAt) {
            throw new IOException("the source failed at byte " + at + " (as the test asked)");
        }
        if (at >= length) {
            return -1;
        }
        long end = Math.min(length, at + count);
        if (stallAt > at && stallAt < end) {
            end = stallAt;
        }
        if (failAt > at && failAt < end) {
            end = failAt;
        }
        int n = (int) (end - at);
        for (int i = 0; i < n; i++) {
            target[offset + i] = byteAt(at + i);
        }
        position.addAndGet(n);
        return n;
    }

    @Override
    public void close() {
        closed.countDown();
    }

    /** Lets a stalled read go on. */
    public void release() {
        released.countDown();
    }

    /** @return counted down at the first read */
    public CountDownLatch opened() {
        return opened;
    }

    /** @return counted down when a read starts to wait at the stall position */
    public CountDownLatch stalled() {
        return stalled;
    }

    /** @return counted down when the source is closed */
    public CountDownLatch closed() {
        return closed;
    }

    /** @return how many bytes have been read */
    public long position() {
        return position.get();
    }

    /** @return the thread of the latest read; null before the first */
    public Thread reader() {
        return reader;
    }

    /** @return whether a stalled read was interrupted */
    public boolean interrupted() {
        return interrupted;
    }
}
