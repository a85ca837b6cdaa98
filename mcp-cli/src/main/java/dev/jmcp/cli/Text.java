package dev.jmcp.cli;

import java.util.Locale;

/** Small text helpers for what jmcp prints. */
final class Text {
    private Text() {
    }

    /**
     * @return {@code value} on one line: tabs and line breaks become spaces, other control
     *         characters (C0, DEL, C1) {@code ?}. Names and messages come from the server, and an
     *         escape sequence in them must not drive the terminal or break a table. "-" for null
     */
    static String printable(String value) {
        if (value == null) {
            return "-";
        }
        StringBuilder out = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
            if (control && out == null) {
                out = new StringBuilder(value.length()).append(value, 0, i);
            }
            if (out != null) {
                out.append(!control ? c : c == '\t' || c == '\n' || c == '\r' ? ' ' : '?');
            }
        }
        return out == null ? value : out.toString();
    }

    /** @return the number of characters a terminal shows for {@code value}: its code points */
    static int width(String value) {
        return value.codePointCount(0, value.length());
    }

    /** @return {@code bytes} for people: {@code 512 B}, {@code 1.5 KiB}, {@code 12.0 MiB} */
    static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double value = bytes;
        int unit = -1;
        do {
            value /= 1024;
            unit++;
        } while (value >= 1024 && unit < units.length - 1);
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
