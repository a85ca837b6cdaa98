package dev.jmcp.transport.stdio;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds the next {@code \n} eight bytes at a time. Every byte of every line is searched, and a
 * line that carries a blob is megabytes of base64: a byte at a time, the search cost a third of
 * decoding it.
 */
final class Newlines {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long NEWLINES = ONES * '\n';

    private Newlines() {
    }

    /** @return the index of the first {@code \n} in {@code bytes[from, to)}, or -1 */
    static int indexOf(byte[] bytes, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(bytes, i) ^ NEWLINES;
            // flags the lowest zero byte of x exactly (a borrow can only flag bytes above it)
            long zeros = (x - ONES) & ~x & HIGHS;
            if (zeros != 0) {
                return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
