package dev.jmcp.core.internal.transport;

import dev.jmcp.schema.jsonrpc.RequestId;
import java.nio.charset.StandardCharsets;

/**
 * Finds the top-level {@code id} of a JSON-RPC message from a few of its bytes, for
 * {@link DroppedMessage}. Strict: anything it does not fully understand yields no id.
 */
final class MessageIdScanner {
    /** What the first bytes show a message to be. */
    enum Kind { RESPONSE, REQUEST, UNKNOWN }

    /**
     * @param id     the id found in the first bytes; may be null
     * @param method a request's method, when it is a simple string; may be null
     */
    record Head(Kind kind, RequestId id, String method) {
        Head(Kind kind, RequestId id) {
            this(kind, id, null);
        }
    }

    private static final Head NOTHING = new Head(Kind.UNKNOWN, null);
    /** 19 digits and a sign: every long fits. */
    private static final int MAX_INTEGER_CHARS = 20;

    private MessageIdScanner() {
    }

    /**
     * Reads the members of the top-level object from the start, as long as their values are
     * scalars; stops at {@code "result"} or {@code "error"} (a response), {@code "method"} (a request
     * or notification, whose method is read when it is a simple string), any object or array value,
     * or the end of the bytes.
     */
    static Head scanHead(byte[] b, int end) {
        int i = skipSpace(b, 0, end);
        if (i >= end || b[i] != '{') {
            return NOTHING;
        }
        RequestId id = null;
        i++;
        while (true) {
            i = skipSpace(b, i, end);
            int keyEnd = simpleStringEnd(b, i, end);
            if (keyEnd < 0) {
                return new Head(Kind.UNKNOWN, id);
            }
            String key = new String(b, i + 1, keyEnd - i - 2, StandardCharsets.UTF_8);
            i = skipSpace(b, keyEnd, end);
            if (i >= end || b[i] != ':') {
                return new Head(Kind.UNKNOWN, id);
            }
            i = skipSpace(b, i + 1, end);
            switch (key) {
                case "result", "error" -> {
                    return new Head(Kind.RESPONSE, id);
                }
                case "method" -> {
                    int methodEnd = simpleStringEnd(b, i, end);
                    return new Head(Kind.REQUEST, id,
                            methodEnd < 0 ? null : new String(b, i + 1, methodEnd - i - 2, StandardCharsets.UTF_8));
                }
                case "id" -> {
                    if (id != null) {
                        return NOTHING; // two ids: not a message to guess about
                    }
                    int valueEnd = idEnd(b, i, end);
                    if (valueEnd < 0) {
                        return NOTHING;
                    }
                    id = idOf(b, i, valueEnd);
                    if (id == null) {
                        return NOTHING;
                    }
                    i = valueEnd;
                }
                default -> {
                    i = scalarEnd(b, i, end);
                    if (i < 0) {
                        return new Head(Kind.UNKNOWN, id);
                    }
                }
            }
            i = skipSpace(b, i, end);
            if (i >= end || b[i] != ',') {
                return new Head(Kind.UNKNOWN, id);
            }
            i++;
        }
    }

    /**
     * Reads backwards from the end: the closing brace, an integer or simple string, a colon,
     * {@code "id"}, and a comma or opening brace before it, each with optional blanks between.
     *
     * @return the id of the last member when it is {@code "id"}; else null
     */
    static RequestId scanTail(byte[] b, int end) {
        int i = skipSpaceBack(b, end - 1);
        if (i < 0 || b[i] != '}') {
            return null;
        }
        i = skipSpaceBack(b, i - 1);
        if (i < 0) {
            return null;
        }
        int valueEnd = i + 1;
        int valueStart;
        if (b[i] == '"') {
            int j = i - 1;
            while (j >= 0 && b[j] != '"') {
                if (b[j] == '\\' || (b[j] & 0xff) < 0x20) {
                    return null;
                }
                j--;
            }
            if (j < 0) {
                return null;
            }
            valueStart = j;
        } else {
            int j = i;
            while (j >= 0 && b[j] >= '0' && b[j] <= '9') {
                j--;
            }
            if (j >= 0 && b[j] == '-') {
                j--;
            }
            valueStart = j + 1;
        }
        if (valueStart == valueEnd || idEnd(b, valueStart, valueEnd) != valueEnd) {
            return null;
        }
        RequestId id = idOf(b, valueStart, valueEnd);
        i = skipSpaceBack(b, valueStart - 1);
        if (i < 0 || b[i] != ':') {
            return null;
        }
        i = skipSpaceBack(b, i - 1);
        if (i < 3 || b[i] != '"' || b[i - 1] != 'd' || b[i - 2] != 'i' || b[i - 3] != '"') {
            return null;
        }
        i = skipSpaceBack(b, i - 4);
        return i >= 0 && (b[i] == ',' || b[i] == '{') ? id : null;
    }

    /**
     * @return the index after an id value starting at {@code i}: a string without escapes or an
     *         integer that is not followed by a fraction or exponent (the end of the bytes counts as
     *         a delimiter only when {@code end} is a real boundary, as in {@link #scanTail}); or -1
     */
    private static int idEnd(byte[] b, int i, int end) {
        if (i >= end) {
            return -1;
        }
        if (b[i] == '"') {
            return simpleStringEnd(b, i, end);
        }
        int j = i;
        if (b[j] == '-') {
            j++;
        }
        int digits = j;
        while (j < end && b[j] >= '0' && b[j] <= '9') {
            j++;
        }
        int count = j - digits;
        if (count == 0 || count > 1 && b[digits] == '0' || j - i > MAX_INTEGER_CHARS) {
            return -1;
        }
        if (j < end && (b[j] == '.' || b[j] == 'e' || b[j] == 'E')) {
            return -1;
        }
        return j;
    }

    /** @return the id between {@code start} and {@code end}, as {@link #idEnd} delimited it; null when an integer overflows */
    private static RequestId idOf(byte[] b, int start, int end) {
        if (b[start] == '"') {
            return RequestId.of(new String(b, start + 1, end - start - 2, StandardCharsets.UTF_8));
        }
        try {
            return RequestId.of(Long.parseLong(new String(b, start, end - start, StandardCharsets.US_ASCII)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** @return the index after a string starting at {@code i} that has no escapes or control characters; or -1 */
    private static int simpleStringEnd(byte[] b, int i, int end) {
        if (i >= end || b[i] != '"') {
            return -1;
        }
        for (int j = i + 1; j < end; j++) {
            int c = b[j] & 0xff;
            if (c == '"') {
                return j + 1;
            }
            if (c == '\\' || c < 0x20) {
                return -1;
            }
        }
        return -1;
    }

    /** @return the index after a string (escapes allowed), number, {@code true}, {@code false} or {@code null}; or -1 */
    private static int scalarEnd(byte[] b, int i, int end) {
        if (i >= end) {
            return -1;
        }
        byte c = b[i];
        if (c == '"') {
            for (int j = i + 1; j < end; j++) {
                if (b[j] == '\\') {
                    j++;
                } else if (b[j] == '"') {
                    return j + 1;
                } else if ((b[j] & 0xff) < 0x20) {
                    return -1;
                }
            }
            return -1;
        }
        if (c == '-' || c >= '0' && c <= '9') {
            int j = i;
            while (j < end && (b[j] == '-' || b[j] == '+' || b[j] == '.' || b[j] == 'e' || b[j] == 'E'
                    || b[j] >= '0' && b[j] <= '9')) {
                j++;
            }
            return j < end ? j : -1;
        }
        for (String literal : new String[] {"true", "false", "null"}) {
            if (startsWith(b, i, end, literal)) {
                return i + literal.length();
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] b, int i, int end, String literal) {
        if (end - i < literal.length()) {
            return false;
        }
        for (int k = 0; k < literal.length(); k++) {
            if (b[i + k] != literal.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static int skipSpace(byte[] b, int i, int end) {
        while (i < end && isSpace(b[i])) {
            i++;
        }
        return i;
    }

    private static int skipSpaceBack(byte[] b, int i) {
        while (i >= 0 && isSpace(b[i])) {
            i--;
        }
        return i;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
