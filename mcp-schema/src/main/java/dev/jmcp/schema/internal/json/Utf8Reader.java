package dev.jmcp.schema.internal.json;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Decodes strict UTF-8 for the parser and counts the bytes of the message. MCP messages are
 * UTF-8; the JDK's InputStreamReader would quietly turn bad bytes into U+FFFD, and the parser's
 * own detection would accept UTF-16, so this reader reports bad input with its byte offset, and
 * stops a message at {@code maxMessageBytes}.
 */
public final class Utf8Reader extends Reader {
    /** A message over {@code maxMessageBytes}. */
    static final class TooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        TooLargeException(long limit) {
            super("message exceeds maxMessageBytes=" + limit);
        }
    }

    /** A byte sequence that is not UTF-8. */
    static final class MalformedException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedException(long offset) {
            super("invalid UTF-8 at byte offset " + offset);
        }
    }

    private final InputStream in;
    private final long maxBytes;
    private final byte[] bytes = new byte[8192];
    private int start;
    private int end;
    /** Bytes consumed before {@link #bytes}[0]. */
    private long consumedBefore;
    /** The low surrogate still owed after a 4-byte sequence was decoded into a pair. */
    private int pendingLow = -1;

    public Utf8Reader(InputStream in, long maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    @Override
    public int read(char[] chars, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        int count = 0;
        if (pendingLow >= 0) {
            chars[offset + count++] = (char) pendingLow;
            pendingLow = -1;
        }
        while (count < length) {
            if (!ensure(1)) {
                break;
            }
            int b = bytes[start] & 0xFF;
            if (b < 0x80) {
                chars[offset + count++] = (char) b;
                start++;
                continue;
            }
            int needed = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : -1;
            if (needed < 0 || b > 0xF4 || (b & 0xFE) == 0xC0 || !ensure(needed + 1)) {
                throw new MalformedException(consumedBefore + start);
            }
            int cp = b & (0x3F >> needed);
            for (int i = 1; i <= needed; i++) {
                int next = bytes[start + i] & 0xFF;
                if ((next & 0xC0) != 0x80) {
                    throw new MalformedException(consumedBefore + start);
                }
                cp = (cp << 6) | (next & 0x3F);
            }
            if ((needed == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (needed == 3 && (cp < 0x10000 || cp > 0x10FFFF))) {
                throw new MalformedException(consumedBefore + start);
            }
            start += needed + 1;
            if (cp >= 0x10000) {
                chars[offset + count++] = Character.highSurrogate(cp);
                if (count == length) {
                    pendingLow = Character.lowSurrogate(cp);
                    break;
                }
                chars[offset + count++] = Character.lowSurrogate(cp);
            } else {
                chars[offset + count++] = (char) cp;
            }
        }
        return count == 0 ? -1 : count;
    }

    /** @return true when at least {@code count} bytes are buffered; false at the end of the input */
    private boolean ensure(int count) throws IOException {
        while (end - start < count) {
            if (!refill()) {
                return false;
            }
        }
        return true;
    }

    /** Moves what is left to the front and reads more. @return false at the end of the input */
    private boolean refill() throws IOException {
        int left = end - start;
        System.arraycopy(bytes, start, bytes, 0, left);
        consumedBefore += start;
        start = 0;
        end = left;
        int n = in.read(bytes, end, bytes.length - end);
        if (n < 0) {
            return false;
        }
        end += n;
        if (consumedBefore + end > maxBytes) {
            throw new TooLargeException(maxBytes);
        }
        return true;
    }

    /** Leaves the input open: it belongs to the caller, which may read the next message from it. */
    @Override
    public void close() {
    }
}
