package dev.jmcp.cli.load;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
    private static final String PROGRESS = "\"notifications/progress\"";
    private static final Pattern COUNT = Pattern.compile("\"progress\":(\\d+)");
    private static final Pattern TOTAL = Pattern.compile("\"total\":(\\d+)");
    /** How much of what comes before the answer is kept to find progress notifications in: a few hundred of them. */
    private static final int MAX_HEAD = 64 * 1024;

    private String carry = "";
    private boolean result;
    private boolean error;
    private boolean named;
    private String errorText;
    private long bytes;
    private final StringBuilder head = new StringBuilder();

    void feed(byte[] buffer, int offset, int length) {
        bytes += length;
        String piece = new String(buffer, offset, length, StandardCharsets.ISO_8859_1);
        if (!result && !error && head.length() < MAX_HEAD) {
            head.append(piece, 0, Math.min(piece.length(), MAX_HEAD - head.length()));
        }
        String window = carry + piece;
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

    /**
     * @return the progress notifications that came before the answer, each as {progress, total}
     *         (total -1 when absent), in the order they came
     */
    List<long[]> progress() {
        List<long[]> found = new ArrayList<>();
        for (int at = head.indexOf(PROGRESS); at >= 0; at = head.indexOf(PROGRESS, at + 1)) {
            int end = head.indexOf("}}", at);
            String params = head.substring(at, end < 0 ? head.length() : end);
            Matcher count = COUNT.matcher(params);
            Matcher total = TOTAL.matcher(params);
            found.add(new long[] {count.find() ? Long.parseLong(count.group(1)) : -1,
                    total.find() ? Long.parseLong(total.group(1)) : -1});
        }
        return found;
    }

    long bytes() {
        return bytes;
    }
}
