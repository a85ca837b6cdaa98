package dev.jmcp.cli.load;

/**
 * An {@link AnswerScan} that also checks the {@code text} of a read's answer while it streams past:
 * the JSON string is unescaped as it comes and compared, UTF-8 byte by UTF-8 byte, with the file's
 * bytes, so that a 5 MiB answer is checked without being held.
 */
final class SameTextScan extends AnswerScan {
    private static final byte[] MARKER = "\"text\":\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final byte[] expected;
    private int matched;
    private boolean inText;
    private boolean ended;
    private long at;
    private String mismatch;
    /** 0: not in an escape; 1: after a backslash; 2 to 5: reading the hex digits of a backslash-u escape. */
    private int escape;
    private int hex;
    private int high = -1;

    /** @param expected the UTF-8 bytes the text must decode to; not copied */
    SameTextScan(byte[] expected) {
        this.expected = expected;
    }

    @Override
    void feed(byte[] buffer, int offset, int length) {
        super.feed(buffer, offset, length);
        for (int i = offset; i < offset + length && mismatch == null && !ended; i++) {
            step(buffer[i]);
        }
    }

    /** @return as {@link AnswerScan#outcome()}, but an answer whose text is not the file's is not a "result" */
    @Override
    String outcome() {
        String outcome = super.outcome();
        if (!outcome.equals("result")) {
            return outcome;
        }
        if (mismatch != null) {
            return "result whose text " + mismatch;
        }
        return ended ? outcome : "result without the whole text (" + at + " bytes of it)";
    }

    private void step(byte c) {
        if (!inText) {
            matched = c == MARKER[matched] ? matched + 1 : c == MARKER[0] ? 1 : 0;
            inText = matched == MARKER.length;
            return;
        }
        if (escape == 0) {
            if (c == '"') {
                ended = true;
                if (at != expected.length) {
                    mismatch = "ends after " + at + " of " + expected.length + " bytes";
                }
            } else if (c == '\\') {
                escape = 1;
            } else {
                expect(c);
            }
        } else if (escape == 1) {
            escape = 0;
            switch (c) {
                case '"', '\\', '/' -> expect(c);
                case 'n' -> expect('\n');
                case 'r' -> expect('\r');
                case 't' -> expect('\t');
                case 'b' -> expect('\b');
                case 'f' -> expect('\f');
                case 'u' -> {
                    escape = 2;
                    hex = 0;
                }
                default -> mismatch = "has the escape \\" + (char) c + " at byte " + at;
            }
        } else {
            hex = hex * 16 + Character.digit(c, 16);
            if (++escape == 6) {
                escape = 0;
                unit(hex);
            }
        }
    }

    /** Takes one UTF-16 unit of an escape, as UTF-8. */
    private void unit(int unit) {
        if (Character.isHighSurrogate((char) unit)) {
            high = unit;
            return;
        }
        int cp = high >= 0 && Character.isLowSurrogate((char) unit) ? Character.toCodePoint((char) high, (char) unit) : unit;
        high = -1;
        byte[] utf8 = new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (byte b : utf8) {
            expect(b);
        }
    }

    private void expect(int b) {
        if (at >= expected.length || expected[(int) at] != (byte) b) {
            mismatch = "differs from the file's at byte " + at;
        }
        at++;
    }
}
