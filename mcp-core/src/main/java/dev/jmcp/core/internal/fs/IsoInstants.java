package dev.jmcp.core.internal.fs;

import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Writes a file time as {@link Instant#toString()} does (ISO-8601 in UTC, the fraction in groups
 * of three digits, none when it is zero), without the formatter machinery, which was a fifth of
 * the cost of describing a listed file. Years outside 0000-9999 go through {@link Instant#toString()}.
 * {@link dev.jmcp.core.providers.TreeResourceProvider} writes {@code annotations.lastModified} with it.
 */
public final class IsoInstants {
    private static final long SECONDS_PER_DAY = 86_400;
    private static final long MAX_FAST = 253_402_300_799L; // 9999-12-31T23:59:59Z

    private IsoInstants() {
    }

    /** @return {@code time} as {@link Instant#toString()} writes it */
    public static String format(FileTime time) {
        return format(time.toInstant());
    }

    /** @return {@code instant} as {@link Instant#toString()} writes it */
    public static String format(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < -62_167_219_200L || seconds > MAX_FAST) { // before 0000-01-01 or after 9999
            return instant.toString();
        }
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, SECONDS_PER_DAY));
        int ofDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        StringBuilder out = new StringBuilder(30);
        digits(out, date.getYear(), 4).append('-');
        digits(out, date.getMonthValue(), 2).append('-');
        digits(out, date.getDayOfMonth(), 2).append('T');
        digits(out, ofDay / 3600, 2).append(':');
        digits(out, ofDay / 60 % 60, 2).append(':');
        digits(out, ofDay % 60, 2);
        int nanos = instant.getNano();
        if (nanos != 0) {
            out.append('.');
            if (nanos % 1_000_000 == 0) {
                digits(out, nanos / 1_000_000, 3);
            } else if (nanos % 1000 == 0) {
                digits(out, nanos / 1000, 6);
            } else {
                digits(out, nanos, 9);
            }
        }
        return out.append('Z').toString();
    }

    /** Appends {@code value}, not negative, padded with zeros to {@code width} digits. */
    private static StringBuilder digits(StringBuilder out, int value, int width) {
        int start = out.length();
        for (int i = 0; i < width; i++) {
            out.append('0');
        }
        for (int at = start + width - 1; value > 0; at--, value /= 10) {
            out.setCharAt(at, (char) ('0' + value % 10));
        }
        return out;
    }
}
