package dev.jmcp.transport.stdio;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How {@link StdioTransport#spawn} starts and stops a server process: the named settings, each with
 * a default. Made by {@link #builder()}; immutable. Shutdown follows the MCP specification: close
 * the server's standard input, wait {@code exitTimeout}; then {@link Process#destroy()}
 * ({@code SIGTERM} on POSIX), wait {@code terminateTimeout}; then {@link Process#destroyForcibly()}
 * ({@code SIGKILL}) of the process and every process it started, wait {@code killTimeout}.
 *
 * @since 0.1
 */
public final class StdioProcessOptions {
    /** 2 seconds. */
    public static final Duration DEFAULT_EXIT_TIMEOUT = Duration.ofSeconds(2);
    /** 2 seconds. */
    public static final Duration DEFAULT_TERMINATE_TIMEOUT = Duration.ofSeconds(2);
    /** 2 seconds. */
    public static final Duration DEFAULT_KILL_TIMEOUT = Duration.ofSeconds(2);
    /** {@value} bytes (64 KiB). */
    public static final int DEFAULT_STDERR_CAPTURE_BYTES = 64 * 1024;

    private static final StdioProcessOptions DEFAULTS = builder().build();

    private final Path directory;
    private final Map<String, String> environment;
    private final Stderr stderr;
    private final int stderrCaptureBytes;
    private final Duration exitTimeout;
    private final Duration terminateTimeout;
    private final Duration killTimeout;
    private final StdioSettings transport;

    private StdioProcessOptions(Builder b) {
        this.directory = b.directory;
        this.environment = b.environment;
        this.stderr = b.stderr;
        this.stderrCaptureBytes = b.stderrCaptureBytes;
        this.exitTimeout = b.exitTimeout;
        this.terminateTimeout = b.terminateTimeout;
        this.killTimeout = b.killTimeout;
        this.transport = b.transport;
    }

    /** @return the defaults: standard error forwarded, 2 s for each step of the shutdown, {@link StdioSettings#defaults()} */
    public static StdioProcessOptions defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these options */
    public Builder toBuilder() {
        return new Builder().directory(directory).environment(environment).stderr(stderr)
                .stderrCaptureBytes(stderrCaptureBytes).exitTimeout(exitTimeout).terminateTimeout(terminateTimeout)
                .killTimeout(killTimeout).transport(transport);
    }

    /** @return the working directory of the process; null for this process's own */
    public Path directory() {
        return directory;
    }

    /** @return variables added to (or replacing those of) this process's environment; never null */
    public Map<String, String> environment() {
        return environment;
    }

    /** @return what happens to the process's standard error; never null */
    public Stderr stderr() {
        return stderr;
    }

    /** @return how many of the last bytes of standard error {@link Stderr#CAPTURE} keeps; at least 1 */
    public int stderrCaptureBytes() {
        return stderrCaptureBytes;
    }

    /** @return how long to wait for the process to exit after its input is closed; never null */
    public Duration exitTimeout() {
        return exitTimeout;
    }

    /** @return how long to wait after {@code SIGTERM}; never null */
    public Duration terminateTimeout() {
        return terminateTimeout;
    }

    /** @return how long to wait after {@code SIGKILL} before giving up on the process; never null */
    public Duration killTimeout() {
        return killTimeout;
    }

    /** @return the settings of the transport over the process's streams; never null */
    public StdioSettings transport() {
        return transport;
    }

    @Override
    public String toString() {
        return "StdioProcessOptions[directory=" + directory + ", environment=" + environment.keySet()
                + ", stderr=" + stderr + ", stderrCaptureBytes=" + stderrCaptureBytes + ", exitTimeout=" + exitTimeout
                + ", terminateTimeout=" + terminateTimeout + ", killTimeout=" + killTimeout + ", transport="
                + transport + "]";
    }

    /**
     * What happens to a server process's standard error. Never read as protocol: the specification
     * lets a server log anything there.
     *
     * @since 0.1
     */
    public enum Stderr {
        /** Copied line by line to this process's {@code System.err} by a daemon thread, {@code jmcp-stdio-stderr-<n>}. */
        FORWARD,
        /** Shared with this process's standard error (file descriptor 2), without a thread. */
        INHERIT,
        /** Kept, the last {@code stderrCaptureBytes} of it, for {@link StdioClientTransport#capturedStderr()}. */
        CAPTURE,
        /** Thrown away. */
        DISCARD
    }

    /**
     * Builds {@link StdioProcessOptions}; each method checks its value at once and names the setting
     * when it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private Path directory;
        private Map<String, String> environment = Map.of();
        private Stderr stderr = Stderr.FORWARD;
        private int stderrCaptureBytes = DEFAULT_STDERR_CAPTURE_BYTES;
        private Duration exitTimeout = DEFAULT_EXIT_TIMEOUT;
        private Duration terminateTimeout = DEFAULT_TERMINATE_TIMEOUT;
        private Duration killTimeout = DEFAULT_KILL_TIMEOUT;
        private StdioSettings transport = StdioSettings.defaults();

        private Builder() {
        }

        /** @param value null for this process's own; see {@link StdioProcessOptions#directory()} */
        public Builder directory(Path value) {
            this.directory = value;
            return this;
        }

        /** @param value copied; never null; see {@link StdioProcessOptions#environment()} */
        public Builder environment(Map<String, String> value) {
            this.environment = Map.copyOf(value);
            return this;
        }

        /** @param value never null; see {@link StdioProcessOptions#stderr()} */
        public Builder stderr(Stderr value) {
            this.stderr = Objects.requireNonNull(value, "stderr");
            return this;
        }

        /** @param value at least 1; see {@link StdioProcessOptions#stderrCaptureBytes()} */
        public Builder stderrCaptureBytes(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("stderrCaptureBytes must be >= 1, was " + value);
            }
            this.stderrCaptureBytes = value;
            return this;
        }

        /** @param value not negative; see {@link StdioProcessOptions#exitTimeout()} */
        public Builder exitTimeout(Duration value) {
            Checks.notNegative(value, "exitTimeout");
            this.exitTimeout = value;
            return this;
        }

        /** @param value not negative; see {@link StdioProcessOptions#terminateTimeout()} */
        public Builder terminateTimeout(Duration value) {
            Checks.notNegative(value, "terminateTimeout");
            this.terminateTimeout = value;
            return this;
        }

        /** @param value not negative; see {@link StdioProcessOptions#killTimeout()} */
        public Builder killTimeout(Duration value) {
            Checks.notNegative(value, "killTimeout");
            this.killTimeout = value;
            return this;
        }

        /** @param value never null; see {@link StdioProcessOptions#transport()} */
        public Builder transport(StdioSettings value) {
            this.transport = Objects.requireNonNull(value, "transport");
            return this;
        }

        /** @return the options */
        public StdioProcessOptions build() {
            return new StdioProcessOptions(this);
        }
    }
}
