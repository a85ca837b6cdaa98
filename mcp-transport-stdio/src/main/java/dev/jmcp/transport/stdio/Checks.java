package dev.jmcp.transport.stdio;

import java.time.Duration;
import java.util.Objects;

/** Argument checks shared by the settings records. */
final class Checks {
    private Checks() {
    }

    static void notNegative(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, was " + value);
        }
    }

    /** @return {@code value} in nanoseconds, saturated for durations too long for a long */
    static long nanos(Duration value) {
        try {
            return value.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
