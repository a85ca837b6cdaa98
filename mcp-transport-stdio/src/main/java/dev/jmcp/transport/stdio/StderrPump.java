package dev.jmcp.transport.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Drains a server process's standard error on a daemon thread, so that the process never blocks on
 * a full pipe: either copying it to {@code System.err} one whole line per write (lines of several
 * servers do not interleave inside a line), or keeping its last bytes.
 */
final class StderrPump {
    private static final System.Logger LOG = System.getLogger(StderrPump.class.getName());
    /** A line longer than this is passed on in pieces of this size. */
    static final int MAX_LINE = 8 * 1024;

    private final InputStream in;
    private final byte[] ring;
    private final CountDownLatch ended = new CountDownLatch(1);
    private long total;

    private StderrPump(InputStream in, int captureBytes) {
        this.in = in;
        this.ring = captureBytes > 0 ? new byte[captureBytes] : null;
    }

    /** Starts copying {@code in} to {@code System.err}, line by line. */
    static StderrPump forward(InputStream in, String threadName) {
        return start(new StderrPump(in, 0), threadName);
    }

    /** Starts keeping the last {@code bytes} of {@code in}. */
    static StderrPump capture(InputStream in, int bytes, String threadName) {
        return start(new StderrPump(in, bytes), threadName);
    }

    private static StderrPump start(StderrPump pump, String threadName) {
        Thread thread = new Thread(pump::run, threadName);
        thread.setDaemon(true);
        thread.start();
        return pump;
    }

    private void run() {
        try {
            pump();
        } finally {
            ended.countDown();
        }
    }

    /** Waits up to {@code millis} for the end of the stream, so that the last lines are in. */
    void awaitEnd(long millis) throws InterruptedException {
        ended.await(millis, TimeUnit.MILLISECONDS);
    }

    private void pump() {
        byte[] buffer = new byte[MAX_LINE];
        int length = 0;
        try (in) {
            int n;
            while ((n = in.read(buffer, length, buffer.length - length)) != -1) {
                if (ring != null) {
                    keep(buffer, length, n);
                    continue;
                }
                int end = length + n;
                int start = 0;
                for (int i = length; i < end; i++) {
                    if (buffer[i] == '\n') {
                        emit(buffer, start, i + 1 - start);
                        start = i + 1;
                    }
                }
                length = end - start;
                if (start > 0) {
                    System.arraycopy(buffer, start, buffer, 0, length);
                } else if (length == buffer.length) {
                    emit(buffer, 0, length);
                    length = 0;
                }
            }
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "reading a server's standard error stopped", e);
        }
        if (length > 0) {
            // the last line had no newline; give it one, in the same write when there is room
            if (length < buffer.length) {
                buffer[length++] = '\n';
                emit(buffer, 0, length);
            } else {
                emit(buffer, 0, length);
                emit(new byte[] {'\n'}, 0, 1);
            }
        }
    }

    private static void emit(byte[] bytes, int offset, int length) {
        PrintStream err = System.err;
        err.write(bytes, offset, length);
        err.flush();
    }

    private synchronized void keep(byte[] bytes, int offset, int length) {
        for (int done = 0; done < length; ) {
            int at = (int) (total % ring.length);
            int count = Math.min(length - done, ring.length - at);
            System.arraycopy(bytes, offset + done, ring, at, count);
            done += count;
            total += count;
        }
    }

    /** @return the kept bytes as UTF-8 (a character cut at the start is replaced); empty when forwarding */
    synchronized String captured() {
        if (ring == null || total == 0) {
            return "";
        }
        int size = (int) Math.min(total, ring.length);
        int start = (int) ((total - size) % ring.length);
        byte[] ordered = new byte[size];
        int first = Math.min(size, ring.length - start);
        System.arraycopy(ring, start, ordered, 0, first);
        System.arraycopy(ring, 0, ordered, first, size - first);
        return new String(ordered, StandardCharsets.UTF_8);
    }
}
