package dev.jmcp.apicheck;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines removed from and added to a report, each change under the declaration (the last unindented
 * line) it belongs to, so that a changed member reads with its type.
 */
final class LineDiff {

    /** Above this many cells the longest common subsequence is not computed: the whole middle is shown as replaced. */
    private static final long MAX_CELLS = 16_000_000L;

    private LineDiff() {
    }

    /** Returns the diff from {@code before} to {@code after}; empty when they are equal. */
    static List<String> of(List<String> before, List<String> after) {
        int start = 0;
        while (start < before.size() && start < after.size() && before.get(start).equals(after.get(start))) {
            start++;
        }
        int endBefore = before.size();
        int endAfter = after.size();
        while (endBefore > start && endAfter > start && before.get(endBefore - 1).equals(after.get(endAfter - 1))) {
            endBefore--;
            endAfter--;
        }
        List<String> out = new ArrayList<>();
        List<String> a = before.subList(start, endBefore);
        List<String> b = after.subList(start, endAfter);
        if ((long) a.size() * b.size() > MAX_CELLS) {
            a.forEach(line -> out.add("- " + line));
            b.forEach(line -> out.add("+ " + line));
            return out;
        }
        // lcs[i][j]: the length of the longest common subsequence of a[i..] and b[j..]
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        String shownHeader = null;
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
                i++;
                j++;
                continue;
            }
            boolean removal = j == b.size() || (i < a.size() && lcs[i + 1][j] >= lcs[i][j + 1]);
            String line = removal ? a.get(i) : b.get(j);
            String header = removal ? header(before, start + i) : header(after, start + j);
            if (line.startsWith("  ") && header != null && !header.equals(shownHeader)) {
                out.add("@@ " + header);
                shownHeader = header;
            }
            out.add((removal ? "- " : "+ ") + line);
            if (removal) {
                i++;
            } else {
                j++;
            }
        }
        return out;
    }

    /** The declaration that line {@code index} of {@code lines} is a member of, or null for a line of its own. */
    private static String header(List<String> lines, int index) {
        for (int k = index; k >= 0; k--) {
            String line = lines.get(k);
            if (!line.isEmpty() && !line.startsWith("  ")) {
                return line;
            }
        }
        return null;
    }
}
