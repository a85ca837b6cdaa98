package dev.jmcp.transport.stdio;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * The client side of the stdio transport: a server process, started by
 * {@link StdioTransport#spawn(List, StdioProcessOptions)}, and a {@link StdioTransport} over its
 * standard input and output. Its standard error is never read as protocol: it is forwarded,
 * inherited, captured or discarded as {@link StdioProcessOptions#stderr()} says.
 *
 * <p>{@link #close()} shuts the server down the way the MCP specification says, and returns when
 * the process has exited (or every step has timed out): it writes what is queued, closes the
 * server's standard input, waits {@link StdioProcessOptions#exitTimeout()}, sends {@code SIGTERM}
 * ({@link Process#destroy()}), waits {@link StdioProcessOptions#terminateTimeout()}, then kills the
 * process and every process it started ({@link Process#destroyForcibly()}) and waits
 * {@link StdioProcessOptions#killTimeout()}. While it waits, the server's output is still read (and
 * dropped) so that the server cannot block on a full pipe. When the server ends the connection
 * itself (its output ends, or writing to it fails), the same steps run; if it then exits with a
 * code other than 0, the listener's {@code onClosed} receives an {@link McpException} naming the
 * code and, when standard error is captured, how it ended. A send that fails because the server has
 * gone fails with that same exception when it is known within 500 ms, so that a caller learns why
 * whichever of the two it sees first.
 *
 * <p>To let the server finish the requests it has, call {@link #shutdownOutput()} first: the server
 * sees the end of its input, answers, and exits; the answers still arrive.
 *
 * @since 0.1
 */
public final class StdioClientTransport implements McpTransport {
    private static final System.Logger LOG = System.getLogger(StdioClientTransport.class.getName());
    /** How long a failure report waits for the rest of an exited server's standard error. */
    private static final long STDERR_GRACE_MILLIS = 500;
    /** How long a failed send waits to learn whether the server exited with an error. */
    private static final long EXIT_GRACE_MILLIS = 500;

    private final List<String> command;
    private final StdioProcessOptions options;
    private final Process process;
    private final StderrPump stderr;
    private final StdioTransport transport;
    /** Completed by the close hook: the failure that names the exit code, or null when there is none. */
    private final CompletableFuture<McpException> exitFailure = new CompletableFuture<>();

    private StdioClientTransport(List<String> command, StdioProcessOptions options, Process process) {
        this.command = command;
        this.options = options;
        this.process = process;
        this.transport = new StdioTransport(process.getInputStream(), process.getOutputStream(), options.transport(),
                this::shutDown);
        String pumpName = transport.name().replace("jmcp-stdio-", "jmcp-stdio-stderr-");
        this.stderr = switch (options.stderr()) {
            case FORWARD -> StderrPump.forward(process.getErrorStream(), pumpName);
            case CAPTURE -> StderrPump.capture(process.getErrorStream(), options.stderrCaptureBytes(), pumpName);
            case INHERIT, DISCARD -> null;
        };
    }

    static StdioClientTransport spawn(List<String> command, StdioProcessOptions options) throws IOException {
        List<String> line = List.copyOf(command);
        if (line.isEmpty()) {
            throw new IllegalArgumentException("the command is empty");
        }
        ProcessBuilder builder = new ProcessBuilder(line);
        if (options.directory() != null) {
            builder.directory(options.directory().toFile());
        }
        builder.environment().putAll(options.environment());
        builder.redirectInput(ProcessBuilder.Redirect.PIPE);
        builder.redirectOutput(ProcessBuilder.Redirect.PIPE);
        builder.redirectError(switch (options.stderr()) {
            case FORWARD, CAPTURE -> ProcessBuilder.Redirect.PIPE;
            case INHERIT -> ProcessBuilder.Redirect.INHERIT;
            case DISCARD -> ProcessBuilder.Redirect.DISCARD;
        });
        Process process = builder.start();
        LOG.log(Level.DEBUG, "started server process {0}: {1}", String.valueOf(process.pid()), line);
        return new StdioClientTransport(line, options, process);
    }

    @Override
    public void start(Listener listener) {
        transport.start(listener);
    }

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        return transport.send(payload).exceptionallyCompose(failure -> {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (!transport.sendingStopped()) {
                return CompletableFuture.failedFuture(cause); // this message alone failed
            }
            // the server is going: "exited with code 1" says more than "Broken pipe"
            return exitFailure.copy().completeOnTimeout(null, EXIT_GRACE_MILLIS, TimeUnit.MILLISECONDS)
                    .thenCompose(exit -> CompletableFuture.failedFuture(exit != null ? exit : cause));
        });
    }

    /**
     * Closes the server's standard input once what is queued is written; reading goes on, so the
     * answers to requests already sent still arrive. A well-behaved server then exits, which ends
     * the connection. @see StdioTransport#shutdownOutput()
     *
     * @return completes when the server's input is closed; never null
     */
    public CompletableFuture<Void> shutdownOutput() {
        return transport.shutdownOutput();
    }

    /** Shuts the server down as the class description says; returns when it has exited or every wait has timed out. */
    @Override
    public void close() {
        transport.close();
    }

    /** @return the command line that started the server; never null */
    public List<String> command() {
        return command;
    }

    /** @return the server process's id */
    public long pid() {
        return process.pid();
    }

    /** @return completes with the server process's exit code when it has exited; never null */
    public CompletableFuture<Integer> onExit() {
        return process.onExit().thenApply(Process::exitValue);
    }

    /**
     * @return the last {@link StdioProcessOptions#stderrCaptureBytes()} of the server's standard error
     *         when it is {@link StdioProcessOptions.Stderr#CAPTURE captured}, otherwise empty; never null
     */
    public String capturedStderr() {
        return stderr == null ? "" : stderr.captured();
    }

    /** The close hook: runs after the server's input is closed, before its output is. */
    private Throwable shutDown(Throwable cause, boolean local) {
        McpException exit = null;
        try {
            if (local) {
                exitFailure.complete(null); // this side ends it: whatever the code, it is no failure of the server
            }
            boolean stopped = stop();
            if (!local && !stopped && !process.isAlive() && process.exitValue() != 0) {
                exit = exitedWith(process.exitValue());
                if (cause != null) {
                    // writing or reading failed because the server went; its exit code says why
                    exit.addSuppressed(cause);
                }
            }
        } finally {
            exitFailure.complete(exit);
        }
        return exit != null ? exit : cause;
    }

    /**
     * Waits for the exit, then terminates and kills as the class description says.
     *
     * @return whether this side had to stop the process
     */
    private boolean stop() {
        boolean interrupted = Thread.interrupted();
        boolean stopped = false;
        try {
            if (!interrupted && !waitFor(options.exitTimeout())) {
                LOG.log(Level.INFO, "server process {0} did not exit within exitTimeout={1}; sending SIGTERM",
                        String.valueOf(process.pid()), options.exitTimeout());
                stopped = true;
                process.destroy();
                waitFor(options.terminateTimeout());
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        if (process.isAlive()) {
            LOG.log(Level.WARNING, "server process {0} did not exit within terminateTimeout={1}; killing it",
                    String.valueOf(process.pid()), options.terminateTimeout());
            stopped = true;
            // Find the children while they are still the process's (once it is gone they belong to init),
            // but kill the process first: killed after its children, it could see them die and exit by
            // itself, with its own status (0, not 137), or start new ones that nothing would kill.
            List<ProcessHandle> descendants = process.descendants().toList();
            process.destroyForcibly();
            descendants.forEach(ProcessHandle::destroyForcibly);
            try {
                if (!waitFor(options.killTimeout())) {
                    LOG.log(Level.ERROR, "server process {0} is still running after killTimeout={1}",
                            String.valueOf(process.pid()), options.killTimeout());
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return stopped;
    }

    /** @return the failure that names the exit code and the end of the captured standard error */
    private McpException exitedWith(int code) {
        if (stderr != null && !Thread.currentThread().isInterrupted()) {
            try {
                // the process has exited; its last words may still be on their way through the pipe
                stderr.awaitEnd(STDERR_GRACE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String tail = capturedStderr().strip();
        return new McpException("the server process exited with code " + code
                + (tail.isEmpty() ? "" : "; its standard error ended with: " + tail));
    }

    private boolean waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(Checks.nanos(timeout), TimeUnit.NANOSECONDS);
    }

    @Override
    public String toString() {
        return "StdioClientTransport[" + transport + ", pid=" + process.pid() + "]";
    }
}
