package dev.jmcp.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress bar on standard error, redrawn in place. It appears only when standard
 * error is a terminal and the work has taken longer than {@value #DELAY_MILLIS} ms (small reads
 * print nothing), and redraws at most every {@value #INTERVAL_MILLIS} ms. Thread-safe: progress
 * notifications arrive on the session's thread, the writing on the command's.
 */
final class ProgressBar {
    static final long DELAY_MILLIS = 250;
    static final long INTERVAL_MILLIS = 100;
    private static final int BAR_WIDTH = 30;

    private final PrintStream err;
    private final boolean enabled;
    private final long start = System.nanoTime();
    private long lastDraw;
    private boolean shown;
    private String lastLine;

    /**
     * @param err     standard error
     * @param enabled false to draw nothing, such as when standard error is not a terminal
     */
    ProgressBar(PrintStream err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    boolean enabled() {
        return enabled;
    }

    /**
     * @param label what is going on, such as {@code receiving}
     * @param done  bytes so far
     * @param total all the bytes; negative when unknown
     */
    synchronized void update(String label, long done, long total) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (now - start < DELAY_MILLIS * 1_000_000 || (shown && now - lastDraw < INTERVAL_MILLIS * 1_000_000)) {
            lastLine = render(label, done, total, BAR_WIDTH);
            return;
        }
        draw(render(label, done, total, BAR_WIDTH));
        lastDraw = now;
    }

    /** Draws the final state, if the bar was shown at all, and ends its line. */
    synchronized void finish(String label, long done, long total) {
        if (enabled && shown) {
            draw(render(label, done, total, BAR_WIDTH));
            err.print(System.lineSeparator());
            err.flush();
            shown = false;
        }
    }

    /** Ends the bar's line without a final state, so that an error message starts on its own line. */
    synchronized void abandon() {
        if (enabled && shown) {
            err.print(System.lineSeparator());
            err.flush();
            shown = false;
        }
    }

    private void draw(String line) {
        err.print("\r" + line + "\u001b[K"); // erase what a longer earlier line left
        err.flush();
        shown = true;
        lastLine = line;
    }

    /** @return the bar for {@code done} of {@code total} bytes (negative: unknown), without control characters */
    static String render(String label, long done, long total, int barWidth) {
        if (total <= 0) {
            return label + "  " + Text.bytes(done);
        }
        long clamped = Math.min(Math.max(done, 0), total);
        int filled = (int) (clamped * barWidth / total);
        int percent = (int) (clamped * 100 / total);
        return label + " [" + "#".repeat(filled) + "-".repeat(barWidth - filled) + "] "
                + String.format(Locale.ROOT, "%3d%%", percent) + "  " + Text.bytes(done) + " / " + Text.bytes(total);
    }

    /** @return the last line rendered, drawn or not; for tests */
    synchronized String lastLine() {
        return lastLine;
    }
}
