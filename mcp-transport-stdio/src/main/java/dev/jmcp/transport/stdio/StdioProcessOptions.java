package dev.jmcp.transport.stdio;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How {@link StdioTransport#spawn} starts and stops a server process: the named settings, each with
 * a default. Shutdown follows the MCP specification: close the server's standard input, wait
 * {@code exitTimeout}; then {@link Process#destroy()} ({@code SIGTERM} on POSIX), wait
 * {@code terminateTimeout}; then {@link Process#destroyForcibly()} ({@code SIGKILL}) of the process
 * and every process it started, wait {@code killTimeout}.
 *
 * @param directory          the working directory of the process; null for this process's own
 * @param environment        variables added to (or replacing those of) this process's environment;
 *                           copied; never null
 * @param stderr             what happens to the process's standard error; never null
 * @param stderrCaptureBytes how many of the last bytes of standard error {@link Stderr#CAPTURE} keeps; at least 1
 * @param exitTimeout        how long to wait for the process to exit after its input is closed; never null, not negative
 * @param terminateTimeout   how long to wait after {@code SIGTERM}; never null, not negative
 * @param killTimeout        how long to wait after {@code SIGKILL} before giving up on the process; never null, not negative
 * @param transport          the settings of the transport over the process's streams; never null
 * @since 0.1
 */
public record StdioProcessOptions(Path directory, Map<String, String> environment, Stderr stderr,
        int stderrCaptureBytes, Duration exitTimeout, Duration terminateTimeout, Duration killTimeout,
        StdioSettings transport) {
    /** 2 seconds. */
    public static final Duration DEFAULT_EXIT_TIMEOUT = Duration.ofSeconds(2);
    /** 2 seconds. */
    public static final Duration DEFAULT_TERMINATE_TIMEOUT = Duration.ofSeconds(2);
    /** 2 seconds. */
    public static final Duration DEFAULT_KILL_TIMEOUT = Duration.ofSeconds(2);
    /** 64 KiB. */
    public static final int DEFAULT_STDERR_CAPTURE_BYTES = 64 * 1024;

    /** The defaults: standard error forwarded, 2 s for each step of the shutdown. */
    public static final StdioProcessOptions DEFAULTS = new StdioProcessOptions(null, Map.of(), Stderr.FORWARD,
            DEFAULT_STDERR_CAPTURE_BYTES, DEFAULT_EXIT_TIMEOUT, DEFAULT_TERMINATE_TIMEOUT, DEFAULT_KILL_TIMEOUT,
            StdioSettings.DEFAULTS);

    public StdioProcessOptions {
        environment = Map.copyOf(environment);
        Objects.requireNonNull(stderr, "stderr");
        if (stderrCaptureBytes < 1) {
            throw new IllegalArgumentException("stderrCaptureBytes must be >= 1, was " + stderrCaptureBytes);
        }
        Checks.notNegative(exitTimeout, "exitTimeout");
        Checks.notNegative(terminateTimeout, "terminateTimeout");
        Checks.notNegative(killTimeout, "killTimeout");
        Objects.requireNonNull(transport, "transport");
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

    /** @return these options with another {@code directory} */
    public StdioProcessOptions withDirectory(Path value) {
        return new StdioProcessOptions(value, environment, stderr, stderrCaptureBytes, exitTimeout, terminateTimeout,
                killTimeout, transport);
    }

    /** @return these options with another {@code environment} */
    public StdioProcessOptions withEnvironment(Map<String, String> value) {
        return new StdioProcessOptions(directory, value, stderr, stderrCaptureBytes, exitTimeout, terminateTimeout,
                killTimeout, transport);
    }

    /** @return these options with another {@code stderr} */
    public StdioProcessOptions withStderr(Stderr value) {
        return new StdioProcessOptions(directory, environment, value, stderrCaptureBytes, exitTimeout, terminateTimeout,
                killTimeout, transport);
    }

    /** @return these options with another {@code stderrCaptureBytes} */
    public StdioProcessOptions withStderrCaptureBytes(int value) {
        return new StdioProcessOptions(directory, environment, stderr, value, exitTimeout, terminateTimeout,
                killTimeout, transport);
    }

    /** @return these options with another {@code exitTimeout} */
    public StdioProcessOptions withExitTimeout(Duration value) {
        return new StdioProcessOptions(directory, environment, stderr, stderrCaptureBytes, value, terminateTimeout,
                killTimeout, transport);
    }

    /** @return these options with another {@code terminateTimeout} */
    public StdioProcessOptions withTerminateTimeout(Duration value) {
        return new StdioProcessOptions(directory, environment, stderr, stderrCaptureBytes, exitTimeout, value,
                killTimeout, transport);
    }

    /** @return these options with another {@code killTimeout} */
    public StdioProcessOptions withKillTimeout(Duration value) {
        return new StdioProcessOptions(directory, environment, stderr, stderrCaptureBytes, exitTimeout,
                terminateTimeout, value, transport);
    }

    /** @return these options with other transport settings */
    public StdioProcessOptions withTransport(StdioSettings value) {
        return new StdioProcessOptions(directory, environment, stderr, stderrCaptureBytes, exitTimeout,
                terminateTimeout, killTimeout, value);
    }
}
