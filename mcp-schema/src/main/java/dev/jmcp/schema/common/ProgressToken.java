package dev.jmcp.schema.common;

import java.util.Objects;

/**
 * The token a request carries in {@code _meta.progressToken} to ask for progress notifications,
 * and that each {@code notifications/progress} repeats: a string or an integer, never null.
 *
 * @since 0.1
 */
public sealed interface ProgressToken permits ProgressToken.Text, ProgressToken.Numeric {

    /** @return a string token; {@code value} must not be null */
    static ProgressToken of(String value) {
        return new Text(value);
    }

    /** @return an integer token */
    static ProgressToken of(long value) {
        return new Numeric(value);
    }

    /** A string token. @param value never null */
    record Text(String value) implements ProgressToken {
        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }

    /** An integer token. */
    record Numeric(long value) implements ProgressToken {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }
}
