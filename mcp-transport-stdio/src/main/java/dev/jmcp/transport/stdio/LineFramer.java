package dev.jmcp.transport.stdio;

import dev.jmcp.core.spi.DroppedMessage;
import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into newline-delimited lines without building a String per line. Bytes are
 * read in fixed chunks; a line that lies whole inside a chunk is handed out in place, otherwise its
 * bytes are collected in one growable buffer that is reused for every line. A line longer than the
 * limit is not buffered: its bytes are counted and dropped up to the next newline, keeping only its
 * first and last bytes ({@link DroppedMessage}), from which the id of a response can be read. So is
 * a line whose buffer the heap cannot grow to hold.
 *
 * <p>Lines handed to the {@link Sink} are valid only during the call; a trailing {@code \r} is
 * removed, and blank lines (only spaces, tabs and {@code \r}) are skipped. Not thread-safe.
 */
final class LineFramer {
    /** The bytes read from the input in one call. */
    static final int READ_CHUNK = 64 * 1024;
    private static final int FIRST_LINE_BUFFER = 8 * 1024;
    // the largest array a JVM reliably allocates
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /** Receives what the framer finds. */
    interface Sink {
        /** A line of at most {@code maxLineBytes} bytes, without its newline or {@code \r}. */
        void line(byte[] bytes, int offset, int length);

        /** A line of more than the limit; it was dropped. {@code line} is valid only during the call. */
        void tooLong(DroppedMessage line);

        /**
         * A line within the limit that did not fit in the heap; it was dropped. {@code line} is valid
         * only during the call.
         */
        void outOfMemory(DroppedMessage line);

        /** The input ended {@code length} bytes after the last newline, and those bytes are not blank. */
        void unterminated(int length);
    }

    private final InputStream in;
    private final long maxLineBytes;
    // one byte of room beyond the limit for the '\r' of a "\r\n" ending
    private final int capacity;
    private final byte[] chunk = new byte[READ_CHUNK];
    private byte[] line;
    private int length;
    /** What is kept of the line being dropped. */
    private final DroppedMessage dropped;
    private boolean dropping;
    /** Whether the line being dropped is dropped because its buffer could not grow. */
    private boolean heapExhausted;

    LineFramer(InputStream in, long maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
        this.dropped = new DroppedMessage(maxLineBytes);
        this.capacity = (int) Math.min(maxLineBytes + 1, MAX_ARRAY);
        this.line = new byte[Math.min(FIRST_LINE_BUFFER, capacity)];
    }

    /**
     * Reads to the end of the input.
     *
     * @param sink receives the lines
     * @throws IOException when reading fails
     */
    void run(Sink sink) throws IOException {
        int n;
        while ((n = in.read(chunk)) != -1) {
            split(sink, n);
        }
        if (dropping) {
            dropped(sink);
        } else if (length > 0) {
            int end = withoutCr(line, 0, length);
            if (!blank(line, 0, end)) {
                sink.unterminated(length);
            }
        }
        length = 0;
    }

    private void split(Sink sink, int n) {
        int start = 0;
        while (start < n) {
            int newline = indexOfNewline(chunk, start, n);
            int end = newline < 0 ? n : newline;
            int segment = end - start;
            if (dropping) {
                dropped.add(chunk, start, segment);
            } else if (length == 0 && newline >= 0) {
                emit(sink, chunk, start, segment);
            } else {
                append(chunk, start, segment);
            }
            if (newline < 0) {
                return;
            }
            if (dropping) {
                dropped(sink);
            } else if (length > 0) {
                emit(sink, line, 0, length);
                length = 0;
            }
            start = newline + 1;
        }
    }

    private void append(byte[] bytes, int offset, int count) {
        if ((long) length + count > capacity) {
            startDropping(bytes, offset, count, false);
            return;
        }
        if (length + count > line.length) {
            int grown = (int) Math.min(capacity, Math.max((long) line.length * 2, (long) length + count));
            byte[] bigger;
            try {
                bigger = new byte[grown];
            } catch (OutOfMemoryError e) {
                // one line too big for this heap must not end the connection
                startDropping(bytes, offset, count, true);
                line = new byte[FIRST_LINE_BUFFER];
                return;
            }
            System.arraycopy(line, 0, bigger, 0, length);
            line = bigger;
        }
        System.arraycopy(bytes, offset, line, length, count);
        length += count;
    }

    private void emit(Sink sink, byte[] bytes, int offset, int count) {
        int end = withoutCr(bytes, offset, offset + count);
        if (blank(bytes, offset, end)) {
            return;
        }
        if (end - offset > maxLineBytes) {
            dropped.clear();
            dropped.add(bytes, offset, count);
            sink.tooLong(dropped);
            return;
        }
        sink.line(bytes, offset, end - offset);
    }

    private void startDropping(byte[] bytes, int offset, int count, boolean outOfMemory) {
        dropping = true;
        heapExhausted = outOfMemory;
        dropped.clear();
        dropped.add(line, 0, length);
        dropped.add(bytes, offset, count);
        length = 0;
    }

    private void dropped(Sink sink) {
        dropping = false;
        if (heapExhausted && !dropped.isTooLong()) {
            sink.outOfMemory(dropped);
        } else {
            sink.tooLong(dropped);
        }
    }

    private static int indexOfNewline(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static int withoutCr(byte[] bytes, int offset, int end) {
        return end > offset && bytes[end - 1] == '\r' ? end - 1 : end;
    }

    private static boolean blank(byte[] bytes, int offset, int end) {
        for (int i = offset; i < end; i++) {
            byte b = bytes[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }
}
