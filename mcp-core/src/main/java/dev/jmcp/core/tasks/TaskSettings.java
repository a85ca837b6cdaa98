package dev.jmcp.core.tasks;

import dev.jmcp.schema.Experimental;
import java.time.Duration;
import java.util.Objects;

/**
 * The named bounds of the tasks a server keeps, each with a default. Tasks live in one store of the
 * server, not in a session (a stateless client has none): a task belongs to the principal that
 * started it, and is found by no one else. Made by {@link #builder()}; immutable. A task refused by
 * a bound is refused with a message that names it.
 *
 * @since 0.1
 */
@Experimental
public final class TaskSettings {
    /** {@value} tasks kept at once by the whole server, finished ones included. */
    public static final int DEFAULT_MAX_TASKS = 1_000;
    /** {@value} tasks kept at once for one principal (all unauthenticated callers are one). */
    public static final int DEFAULT_MAX_TASKS_PER_PRINCIPAL = 100;
    /** Ten minutes: how long a task is kept after it started, unless its work asks otherwise. */
    public static final Duration DEFAULT_TTL = Duration.ofMinutes(10);
    /** One hour: the longest lifetime a task's work may ask for. */
    public static final Duration DEFAULT_MAX_TTL = Duration.ofHours(1);
    /** One minute: how long a finished task's result is kept at least, even past its lifetime. */
    public static final Duration DEFAULT_RESULT_RETENTION = Duration.ofMinutes(1);
    /** Half a second: the polling interval the server suggests ({@code pollIntervalMs}). */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(500);

    private static final TaskSettings DEFAULTS = builder().build();

    private final int maxTasks;
    private final int maxTasksPerPrincipal;
    private final Duration ttl;
    private final Duration maxTtl;
    private final Duration resultRetention;
    private final Duration pollInterval;

    private TaskSettings(Builder b) {
        this.maxTasks = b.maxTasks;
        this.maxTasksPerPrincipal = b.maxTasksPerPrincipal;
        this.ttl = b.ttl;
        this.maxTtl = b.maxTtl;
        this.resultRetention = b.resultRetention;
        this.pollInterval = b.pollInterval;
    }

    /** @return the defaults */
    public static TaskSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().maxTasks(maxTasks).maxTasksPerPrincipal(maxTasksPerPrincipal).ttl(ttl).maxTtl(maxTtl)
                .resultRetention(resultRetention).pollInterval(pollInterval);
    }

    /**
     * @return the most tasks the server keeps at once, working or finished and not yet expired; one
     *         more is refused with {@code -32603} naming {@code maxTasks}. At least 1
     */
    public int maxTasks() {
        return maxTasks;
    }

    /**
     * @return the most tasks kept at once for one principal ({@code maxTasksPerPrincipal}), so that
     *         one caller cannot take all of {@link #maxTasks()}. At least 1
     */
    public int maxTasksPerPrincipal() {
        return maxTasksPerPrincipal;
    }

    /**
     * @return how long a task is kept from its start ({@code ttlMs} on the wire): a task still
     *         working then is cancelled, and a finished one dropped once its result has also been
     *         kept {@link #resultRetention()}. Positive, at most {@link #maxTtl()}
     */
    public Duration ttl() {
        return ttl;
    }

    /** @return the longest lifetime a task's work may ask for ({@link TaskWork#ttl}); more is cut to it */
    public Duration maxTtl() {
        return maxTtl;
    }

    /**
     * @return how long a finished task's result is kept at least after it finished, so that a task
     *         that ends near its lifetime can still be read. Zero or more
     */
    public Duration resultRetention() {
        return resultRetention;
    }

    /** @return the interval between {@code tasks/get} calls the server suggests ({@code pollIntervalMs}); positive */
    public Duration pollInterval() {
        return pollInterval;
    }

    @Override
    public String toString() {
        return "TaskSettings[maxTasks=" + maxTasks + ", maxTasksPerPrincipal=" + maxTasksPerPrincipal + ", ttl=" + ttl
                + ", maxTtl=" + maxTtl + ", resultRetention=" + resultRetention + ", pollInterval=" + pollInterval + "]";
    }

    /**
     * Builds {@link TaskSettings}; each method checks its value at once and names the setting when it
     * refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private int maxTasks = DEFAULT_MAX_TASKS;
        private int maxTasksPerPrincipal = DEFAULT_MAX_TASKS_PER_PRINCIPAL;
        private Duration ttl = DEFAULT_TTL;
        private Duration maxTtl = DEFAULT_MAX_TTL;
        private Duration resultRetention = DEFAULT_RESULT_RETENTION;
        private Duration pollInterval = DEFAULT_POLL_INTERVAL;

        private Builder() {
        }

        /** @param value at least 1; see {@link TaskSettings#maxTasks()} */
        public Builder maxTasks(int value) {
            this.maxTasks = atLeastOne("maxTasks", value);
            return this;
        }

        /** @param value at least 1; see {@link TaskSettings#maxTasksPerPrincipal()} */
        public Builder maxTasksPerPrincipal(int value) {
            this.maxTasksPerPrincipal = atLeastOne("maxTasksPerPrincipal", value);
            return this;
        }

        /** @param value positive; see {@link TaskSettings#ttl()} */
        public Builder ttl(Duration value) {
            this.ttl = positive("ttl", value);
            return this;
        }

        /** @param value positive; see {@link TaskSettings#maxTtl()} */
        public Builder maxTtl(Duration value) {
            this.maxTtl = positive("maxTtl", value);
            return this;
        }

        /** @param value zero or more; see {@link TaskSettings#resultRetention()} */
        public Builder resultRetention(Duration value) {
            Objects.requireNonNull(value, "resultRetention");
            if (value.isNegative()) {
                throw new IllegalArgumentException("resultRetention must be >= 0, was " + value);
            }
            this.resultRetention = value;
            return this;
        }

        /** @param value positive; see {@link TaskSettings#pollInterval()} */
        public Builder pollInterval(Duration value) {
            this.pollInterval = positive("pollInterval", value);
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalArgumentException when {@code ttl} is longer than {@code maxTtl}, or
         *         {@code maxTasksPerPrincipal} more than {@code maxTasks}
         */
        public TaskSettings build() {
            if (ttl.compareTo(maxTtl) > 0) {
                throw new IllegalArgumentException("ttl (" + ttl + ") must not be longer than maxTtl (" + maxTtl + ")");
            }
            if (maxTasksPerPrincipal > maxTasks) {
                throw new IllegalArgumentException("maxTasksPerPrincipal (" + maxTasksPerPrincipal
                        + ") must not be more than maxTasks (" + maxTasks + ")");
            }
            return new TaskSettings(this);
        }

        private static int atLeastOne(String setting, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(setting + " must be >= 1, was " + value);
            }
            return value;
        }

        private static Duration positive(String setting, Duration value) {
            Objects.requireNonNull(value, setting);
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(setting + " must be positive, was " + value);
            }
            return value;
        }
    }
}
