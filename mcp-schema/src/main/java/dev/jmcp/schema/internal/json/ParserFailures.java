package dev.jmcp.schema.internal.json;

import java.io.IOException;

/** What {@link Utf8JsonParser} throws besides JSON-P's own exceptions; {@link JsonInput} names each. */
public final class ParserFailures {
    private ParserFailures() {
    }

    /** A message over {@code maxMessageBytes}. */
    public static final class TooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        TooLargeException(long limit) {
            super("message exceeds maxMessageBytes=" + limit);
        }
    }

    /** A byte sequence that is not UTF-8. */
    public static final class MalformedException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedException(long offset) {
            super("invalid UTF-8 at byte offset " + offset);
        }
    }

    /** A string over {@code maxStringLength}; {@link #length} counts all of it. */
    public static final class StringTooLongException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final long length;

        StringTooLongException(long length) {
            super("string of " + length + " characters", null, false, false);
            this.length = length;
        }

        public long length() {
            return length;
        }
    }

    /** A character that {@link #streamAscii} cannot hand out: non-ASCII, or a bad escape. */
    public static final class NotAsciiException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotAsciiException(long offset) {
            super("a character that is not ASCII" + (offset < 0 ? "" : " at byte offset " + offset), null, false, false);
        }
    }
}
