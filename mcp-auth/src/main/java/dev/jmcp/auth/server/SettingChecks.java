package dev.jmcp.auth.server;

import java.time.Duration;
import java.util.Objects;

/** The bounds that both verifiers' settings share, checked in one place. */
final class SettingChecks {
    private SettingChecks() {
    }

    /** @return {@code value}, checked to be positive */
    static Duration positive(Duration value, String name) {
        if (Objects.requireNonNull(value, name).isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
        return value;
    }

    /** @return {@code value}, checked to be between 0 and 10 minutes */
    static Duration clockSkew(Duration value) {
        if (Objects.requireNonNull(value, "clockSkew").isNegative() || value.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("clockSkew must be between 0 and 10 minutes, was " + value);
        }
        return value;
    }

    /** @return {@code value}, checked to be at least 1024 */
    static long maxResponseBytes(long value) {
        if (value < 1024) {
            throw new IllegalArgumentException("maxResponseBytes must be at least 1024, was " + value);
        }
        return value;
    }
}
