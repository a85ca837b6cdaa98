package dev.jmcp.transport.stdio;

import dev.jmcp.core.internal.transport.DroppedMessage;
import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into newline-delimited lines and hands each one out as a stream of its own,
 * which ends before the newline, so that a message is parsed as it arrives and never held whole: a
 * line of any length passes through one fixed chunk. Each line's bytes also pass through a
 * {@link DroppedMessage}, which keeps only its length and its first and last bytes, so a line that
 * cannot be read can still be reported with its length and the id of the response it carries.
 *
 * <p>Blank lines (only spaces, tabs and {@code \r}) are skipped. Not thread-safe.
 */
final class LineFramer {
    /** The bytes read from the input in one call. */
    static final int READ_CHUNK = 64 * 1024;

    /** Receives the lines. */
    interface Sink {
        /**
         * A line that is not blank. What the sink leaves unread of it is skipped afterwards.
         *
         * @param line valid only during the call
         */
        void line(Line line) throws IOException;
    }

    private final InputStream in;
    private final byte[] chunk = new byte[READ_CHUNK];
    private int pos;
    private int limit;
    private boolean eof;
    private final Line line;

    LineFramer(InputStream in, long maxLineBytes) {
        this.in = in;
        this.line = new Line(maxLineBytes);
    }

    /**
     * Reads to the end of the input.
     *
     * @param sink receives the lines
     * @throws IOException when reading fails
     */
    void run(Sink sink) throws IOException {
        while (skipBlankLines()) {
            line.start();
            try {
                sink.line(line);
            } finally {
                line.skipRest();
            }
        }
    }

    /** @return false at the end of the input; else the next byte starts a line that is not blank */
    private boolean skipBlankLines() throws IOException {
        for (;;) {
            if (pos == limit && !fill()) {
                return false;
            }
            byte b = chunk[pos];
            if (b == ' ' || b == '\t' || b == '\r' || b == '\n') {
                pos++;
            } else {
                return true;
            }
        }
    }

    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        int n;
        do {
            n = in.read(chunk, 0, chunk.length);
        } while (n == 0);
        if (n < 0) {
            eof = true;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }

    /**
     * The current line, as a stream that ends before its newline. When the input ends without a
     * newline, reading fails with {@link Unterminated} instead of ending: a message is complete only
     * with its newline.
     */
    final class Line extends InputStream {
        private final DroppedMessage seen;
        private boolean ended;
        private boolean unterminated;

        private Line(long maxLineBytes) {
            this.seen = new DroppedMessage(maxLineBytes);
        }

        private void start() {
            seen.clear();
            ended = false;
            unterminated = false;
        }

        /** @return what has passed of the line, with its length; after {@link #skipRest()}, all of it */
        DroppedMessage seen() {
            return seen;
        }

        /** @return whether the input ended inside this line */
        boolean unterminated() {
            return unterminated;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            if (ended) {
                return -1;
            }
            if (pos == limit && !fill()) {
                ended = true;
                unterminated = true;
                throw new Unterminated(seen.length());
            }
            int end = Math.min(limit, pos + length);
            int newline = indexOfNewline(pos, end);
            int n = (newline < 0 ? end : newline) - pos;
            // the \r of a \r\n ending is not part of the message (nor of its length)
            int cr = newline > pos && chunk[newline - 1] == '\r' ? 1 : 0;
            n -= cr;
            System.arraycopy(chunk, pos, bytes, offset, n);
            seen.add(chunk, pos, n);
            pos += n;
            if (newline >= 0) {
                pos += 1 + cr;
                ended = true;
                if (n == 0) {
                    return -1;
                }
            }
            return n;
        }

        /** @return the bytes up to the newline when it is already read, else 0 (not known) */
        @Override
        public int available() {
            int newline = indexOfNewline(pos, limit);
            return ended || newline < 0 ? 0 : newline - pos;
        }

        /** Passes over what is left of the line, keeping count of it. */
        void skipRest() throws IOException {
            while (!ended) {
                if (pos == limit && !fill()) {
                    ended = true;
                    unterminated = true;
                    return;
                }
                int newline = indexOfNewline(pos, limit);
                int end = newline < 0 ? limit : newline;
                seen.add(chunk, pos, end - pos);
                pos = end;
                if (newline >= 0) {
                    pos++;
                    ended = true;
                }
            }
        }

        /** Leaves the framer's input open. */
        @Override
        public void close() {
        }
    }

    private int indexOfNewline(int from, int to) {
        return Newlines.indexOf(chunk, from, to);
    }

    /** The input ended inside a line. */
    static final class Unterminated extends IOException {
        private static final long serialVersionUID = 1L;

        Unterminated(long length) {
            super("input ended inside a message: " + length + " bytes after the last newline");
        }
    }
}
