package dev.jmcp.schema.internal.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds where a run of plain string bytes ends, eight bytes at a time: plain bytes are ASCII, not a
 * control character, not {@code "} and not a backslash. A blob's base64 text is one such run of up
 * to gigabytes, and testing each byte on its own costs more than decoding it.
 */
final class PlainRuns {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    private static final long SPACES = ONES * 0x20;

    private PlainRuns() {
    }

    /**
     * @return the start of the first 8-byte word in {@code bytes[from, to)} that holds a byte that
     *         is not plain (or where fewer than 8 bytes are left): every byte before it is plain
     */
    static int skipWords(byte[] bytes, int from, int to) {
        int i = from;
        while (i + 8 <= to) {
            long word = (long) LONGS.get(bytes, i);
            if (special(word)) {
                break;
            }
            i += 8;
        }
        return i;
    }

    /** @return whether some byte of {@code word} is {@code "}, a backslash, below 0x20 or above 0x7F */
    private static boolean special(long word) {
        // a byte is zero in (word ^ pattern) where word holds pattern; (x - ONES) & ~x & HIGHS
        // flags the zero bytes of x, and, for a word of ASCII bytes, (word - SPACES) & ~word & HIGHS
        // flags those below 0x20; bytes above 0x7F show in word & HIGHS
        long quote = word ^ QUOTES;
        long backslash = word ^ BACKSLASHES;
        long flags = ((quote - ONES) & ~quote) | ((backslash - ONES) & ~backslash) | ((word - SPACES) & ~word) | word;
        return (flags & HIGHS) != 0;
    }
}
