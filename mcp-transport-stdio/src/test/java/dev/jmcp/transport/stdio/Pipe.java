package dev.jmcp.transport.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An in-memory byte pipe for tests. Unlike {@link java.io.PipedInputStream} it does not care
 * which threads read and write, closing the writing end is a clean end of input, and closing the
 * reading end wakes a blocked read, as a socket does.
 */
final class Pipe {
    private static final byte[] END = new byte[0];

    private final LinkedBlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
    private volatile boolean readerClosed;
    private volatile boolean writerClosed;

    final InputStream in = new InputStream() {
        private byte[] current = new byte[0];
        private int position;
        private boolean ended;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (position == current.length) {
                if (ended || readerClosed) {
                    return -1;
                }
                try {
                    byte[] next = chunks.take();
                    if (next == END) {
                        ended = true;
                    } else {
                        current = next;
                        position = 0;
                    }
                } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                }
            }
            int n = Math.min(len, current.length - position);
            System.arraycopy(current, position, b, off, n);
            position += n;
            return n;
        }

        @Override
        public void close() {
            readerClosed = true;
            chunks.add(END);
        }
    };

    final OutputStream out = new OutputStream() {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (writerClosed) {
                throw new IOException("pipe closed by the writer");
            }
            if (readerClosed) {
                throw new IOException("broken pipe: the reader has closed");
            }
            chunks.add(Arrays.copyOfRange(b, off, off + len));
        }

        @Override
        public void close() {
            if (!writerClosed) {
                writerClosed = true;
                chunks.add(END);
            }
        }
    };

    boolean readerClosed() {
        return readerClosed;
    }

    boolean writerClosed() {
        return writerClosed;
    }

    void write(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads one line (without its newline), or null at the end, waiting at most {@code seconds}. */
    String readLine(long seconds) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        while (true) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no line within " + seconds + " s; so far: " + line);
            }
            int b = in.read();
            if (b < 0) {
                return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
            }
            if (b == '\n') {
                return line.toString(StandardCharsets.UTF_8);
            }
            line.write(b);
        }
    }
}
