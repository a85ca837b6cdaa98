package dev.jmcp.cli.load;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells what one answer was while its bytes stream past, without holding them: a 5 MiB answer, 200
 * at once, would not fit the test's own heap. Fed in pieces; it keeps the last few hundred bytes, so
 * a marker cut between two pieces is still seen. Open for {@link SameTextScan}, which also checks
 * the text that streams past.
 */
class AnswerScan {
    private static final int CARRY = 1024;
    private static final Pattern SETTING = Pattern.compile("\\b(max[A-Z]\\w+)=");
    /** How an error names the setting that refused: {@code "setting":"NAME"} in its data, or {@code NAME=VALUE} in its message. */
    private static final Pattern NAMED = Pattern.compile("\"setting\":\"max\\w+\"|\\bmax[A-Z]\\w+=\\d+");

    private String carry = "";
    private boolean result;
    private boolean error;
    private boolean named;
    private String errorText;
    private long bytes;

    void feed(byte[] buffer, int offset, int length) {
        bytes += length;
        String window = carry + new String(buffer, offset, length, StandardCharsets.ISO_8859_1);
        result |= window.contains("\"result\"");
        int at = window.indexOf("\"error\"");
        if (at >= 0) {
            error = true;
            if (errorText == null || errorText.length() < 600) {
                errorText = window.substring(at, Math.min(window.length(), at + 800));
            }
        }
        named |= error && !named && NAMED.matcher(window).find(); // only an error names a setting
        carry = window.substring(Math.max(0, window.length() - CARRY));
    }

    /**
     * @return what the answer was: "result", "named NAME" (an error naming the setting that refused
     *         it) or "unnamed: ..."
     */
    String outcome() {
        if (error) {
            Matcher name = SETTING.matcher(errorText);
            return named ? "named " + (name.find() ? name.group(1) : "(in data)") : "unnamed: " + errorText;
        }
        return result ? "result" : "nothing (" + bytes + " bytes): " + carry;
    }

    long bytes() {
        return bytes;
    }
}
