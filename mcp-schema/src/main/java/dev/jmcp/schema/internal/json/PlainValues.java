package dev.jmcp.schema.internal.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Finds a member's value written plainly in {@link Utf8JsonParser}'s buffer, for its shortcuts
 * ({@code nextPlainValue}, {@code plainMembers}): a string of plain ASCII, an integer of 1 to 18 digits
 * that is not negative, {@code true} or {@code false}, wholly in the buffer. Each method only looks:
 * it says where the value ends and keeps the value ({@link #taken}); the parser moves. Anything
 * else is the parser's event-by-event way, which refuses what must be refused, with the message it
 * gives. Not thread-safe: one per parser.
 */
final class PlainValues {
    /** A value of this kind is a string. */
    static final byte STRING = 1;
    /** A string that repeats across objects, taken from the member-name table as {@link #shared} says. */
    static final byte SHARED_STRING = 2;
    /** An integer. */
    static final byte INTEGER = 3;
    /** A boolean. */
    static final byte BOOLEAN = 4;

    private final int maxStringLength;
    private final int maxNumberLength;
    /** What the last method that found a value found: a String, a Long or a Boolean. */
    private Object taken;
    /** The last string {@link #shared} gave, and its bytes. */
    private String lastShared;
    private byte[] lastSharedBytes;

    /**
     * @param maxStringLength a longer string is the parser's, to refuse
     * @param maxNumberLength as is a number of more characters
     */
    PlainValues(int maxStringLength, int maxNumberLength) {
        this.maxStringLength = maxStringLength;
        this.maxNumberLength = maxNumberLength;
    }

    /** @return the value the last method that returned a position found */
    Object taken() {
        return taken;
    }

    /**
     * Finds a value of {@code kind} at {@code p}, as the scanner for that kind below does.
     *
     * @param kind {@link #STRING}, {@link #SHARED_STRING}, {@link #INTEGER} or {@link #BOOLEAN}; any
     *             other finds nothing
     * @return where it ends; -1 when there is none
     */
    int find(byte kind, byte[] b, int p, int end) {
        return switch (kind) {
            case STRING -> string(b, p, end, false);
            case SHARED_STRING -> string(b, p, end, true);
            case INTEGER -> integer(b, p, end);
            case BOOLEAN -> bool(b, p, end);
            default -> -1;
        };
    }

    /**
     * Finds a string of plain ASCII (no escape, no control character) at {@code p}, at most
     * {@code maxStringLength} long.
     *
     * @param shared whether a short one is taken from the member-name table ({@link #shared})
     * @return where it ends, past its closing quote; -1 when there is none
     */
    private int string(byte[] b, int p, int end, boolean shared) {
        if (p == end || b[p] != '"') {
            return -1;
        }
        int start = p + 1;
        for (int i = PlainRuns.skipWords(b, start, end); i < end; i++) {
            byte x = b[i];
            if (x == '"') {
                int length = i - start;
                if (length > maxStringLength) {
                    return -1; // the parser refuses it, naming the member
                }
                taken = shared && length <= MemberNames.MAX_LENGTH
                        ? shared(b, start, length)
                        : new String(b, start, length, StandardCharsets.ISO_8859_1);
                return i + 1;
            }
            if (x == '\\' || x < 0x20) { // a negative byte, not ASCII, is below 0x20 too
                return -1;
            }
        }
        return -1;
    }

    /**
     * Finds an integer of 1 to 18 digits (so that a long holds it), not negative, at {@code p}.
     *
     * @return where it ends; -1 when there is none
     */
    private int integer(byte[] b, int p, int end) {
        int stop = Math.min(end, p + 19);
        long value = 0;
        int i = p;
        for (; i < stop; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            value = value * 10 + d;
        }
        int digits = i - p;
        // a number that goes on (more digits, or any character the parser would take with them) or
        // that meets the buffer's end is the parser's, as is one with a leading zero, to refuse
        if (digits == 0 || digits > 18 || i == end || continuesNumber(b[i]) || (digits > 1 && b[p] == '0')
                || digits > maxNumberLength) {
            return -1;
        }
        taken = value;
        return i;
    }

    private static boolean continuesNumber(byte b) {
        return b == '.' || b == 'e' || b == 'E' || b == '+' || b == '-';
    }

    /**
     * Finds {@code true} or {@code false} at {@code p}.
     *
     * @return where it ends; -1 when there is neither
     */
    private int bool(byte[] b, int p, int end) {
        if (p + 4 <= end && b[p] == 't' && b[p + 1] == 'r' && b[p + 2] == 'u' && b[p + 3] == 'e') {
            taken = Boolean.TRUE;
            return p + 4;
        }
        if (p + 5 <= end && b[p] == 'f' && b[p + 1] == 'a' && b[p + 2] == 'l' && b[p + 3] == 's' && b[p + 4] == 'e') {
            taken = Boolean.FALSE;
            return p + 5;
        }
        return -1;
    }

    /**
     * @return the string of plain ASCII {@code bytes[start, start + length)} as the member-name table
     *         holds it ({@link MemberNames}); the last one is checked first, as the entries of a
     *         listing repeat their MIME type in a row, and comparing the bytes costs less than the
     *         table's hash and lookup
     */
    private String shared(byte[] bytes, int start, int length) {
        byte[] last = lastSharedBytes;
        if (last != null && Arrays.equals(last, 0, last.length, bytes, start, start + length)) {
            return lastShared;
        }
        String value = MemberNames.name(bytes, start, length, MemberNames.hash(bytes, start, length));
        lastShared = value;
        lastSharedBytes = Arrays.copyOfRange(bytes, start, start + length);
        return value;
    }
}
