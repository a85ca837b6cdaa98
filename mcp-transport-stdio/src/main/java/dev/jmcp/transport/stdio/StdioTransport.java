package dev.jmcp.transport.stdio;

import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.internal.transport.DroppedMessage;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The stdio transport: newline-delimited JSON-RPC over a pair of byte streams, one message per
 * line, UTF-8, as the MCP stdio binding specifies. The same framing serves any reliable byte
 * stream (a socket, a pipe), so {@link #of} takes any pair.
 *
 * <ul>
 *   <li><b>Reading</b> runs on a daemon thread, {@code jmcp-stdio-reader-<n>}, started by
 *       {@link #start}. Lines are collected as bytes (no String per line) and each is read by the
 *       codec. A line longer than the codec's {@code maxMessageBytes} is dropped and reported as
 *       {@code -32600} naming the setting, with the id of the response it was when its first or
 *       last bytes show one ({@link DroppedMessage}), so that the request waiting for it fails at
 *       once (a line that the heap cannot hold while it is read is reported the same way, as
 *       {@code -32603}); blank lines are skipped; a {@code \r\n} ending is accepted; bytes after
 *       the last newline when the input ends are reported as {@code -32700}, never read as a
 *       message. Reading goes on after each of these.</li>
 *   <li><b>Writing</b> runs on a daemon thread, {@code jmcp-stdio-writer-<n>}, one message at a time,
 *       through a buffer of {@link StdioSettings#writeBufferBytes()}; a blob streams from its source
 *       and is never held whole. {@link #send} never blocks; its future completes once the message
 *       and its newline are flushed, and fails with an {@link McpException} when the transport is
 *       closed or the output fails (which closes the transport).</li>
 *   <li><b>End of input</b> is the peer's orderly shutdown: the transport waits up to
 *       {@link StdioSettings#drainTimeout()} until the requests it has delivered are answered (or
 *       cancelled; an open {@code subscriptions/listen} stream is not waited for: it lasts until
 *       the server ends it), writes those answers, closes the output and then reports
 *       {@link Listener#onClosed onClosed(null)}.</li>
 *   <li><b>{@link #close()}</b> stops delivering at once, writes what is queued (waiting up to
 *       {@link StdioSettings#closeTimeout()}), closes both streams and reports {@code onClosed(null)}.
 *       The reader thread reads (and drops) until the input ends: a stream whose {@code close()} does
 *       not wake a blocked read (such as a process's standard input) leaves the daemon thread
 *       waiting for the next byte or the end of input, and it delivers nothing more.</li>
 * </ul>
 * The transport owns its streams and closes them. It writes nothing but protocol messages to its
 * output, and logs through {@link System.Logger} only.
 *
 * @since 0.1
 */
public final class StdioTransport implements McpTransport {
    private static final System.Logger LOG = System.getLogger(StdioTransport.class.getName());
    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final AtomicBoolean SYSTEM_OWNED = new AtomicBoolean();

    private final String name;
    private final StdioSettings settings;
    private final InputStream in;
    private final LineWriter writer;
    private final CloseHook hook;
    private final Unanswered unanswered = new Unanswered();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean finishing = new AtomicBoolean();
    private final Object callbacks = new Object();
    private final Budget answers;
    /** True once nothing more is delivered but {@code onClosed}. */
    private volatile boolean stopped;
    private volatile Thread reader;
    // guarded by callbacks
    private Listener listener;
    private boolean finished;
    private boolean reported;
    private Throwable finalCause;

    /** Runs while the transport closes, after its output is closed and before its input is. */
    interface CloseHook {
        CloseHook NONE = (cause, local) -> cause;

        /**
         * @param cause the failure that closes the transport, or null
         * @param local whether this side closed it (as opposed to the input ending or failing)
         * @return the cause to report to {@link Listener#onClosed}
         */
        Throwable closing(Throwable cause, boolean local);
    }

    StdioTransport(InputStream in, OutputStream out, StdioSettings settings, CloseHook hook) {
        this.name = "jmcp-stdio-" + COUNT.incrementAndGet();
        this.in = Objects.requireNonNull(in, "in");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.answers = Budget.of("maxResponseBytesInMemory", settings.maxResponseBytesInMemory());
        this.hook = hook;
        this.writer = new LineWriter(name, Objects.requireNonNull(out, "out"), settings.codec(),
                settings.writeBufferBytes(), unanswered::written, this::outputFailed);
    }

    /**
     * A transport over any pair of byte streams, such as a socket's, with the default settings.
     *
     * @param in  the peer's messages; closed by the transport; never null
     * @param out where this side's messages go; closed by the transport; never null
     * @return a transport not yet started; never null
     */
    public static StdioTransport of(InputStream in, OutputStream out) {
        return of(in, out, StdioSettings.defaults());
    }

    /**
     * A transport over any pair of byte streams.
     *
     * @param in       the peer's messages; closed by the transport; never null
     * @param out      where this side's messages go; closed by the transport; never null
     * @param settings never null
     * @return a transport not yet started; never null
     */
    public static StdioTransport of(InputStream in, OutputStream out, StdioSettings settings) {
        return new StdioTransport(in, out, settings, CloseHook.NONE);
    }

    /**
     * The server's transport over this process's own standard input and output, with the default
     * settings. @see #ofSystem(StdioSettings)
     */
    public static StdioTransport ofSystem() {
        return ofSystem(StdioSettings.defaults());
    }

    /**
     * The server's transport over this process's own standard input and output (file descriptors 0
     * and 1, read and written directly, not through {@code System.in} and {@code System.out}). It
     * calls {@link #protectStdout()} first, so that nothing else in the process can write to the
     * protocol channel. The transport owns both descriptors for the rest of the process's life: its
     * close closes them (the JDK then points them at {@code /dev/null}), which tells the client that
     * the server is done.
     *
     * @param settings never null
     * @return a transport not yet started; never null
     * @throws IllegalStateException when this process's standard streams are already taken by
     *                               another transport
     */
    public static StdioTransport ofSystem(StdioSettings settings) {
        Objects.requireNonNull(settings, "settings");
        if (!SYSTEM_OWNED.compareAndSet(false, true)) {
            throw new IllegalStateException("this process's stdin and stdout already belong to a StdioTransport;"
                    + " there is one per process");
        }
        OutputStream stdout = protectStdout();
        return new StdioTransport(new FileInputStream(FileDescriptor.in), stdout, settings, CloseHook.NONE);
    }

    /**
     * Makes {@code System.out} print to standard error, so that a stray {@code System.out.println}
     * in the process (from a library, or a log setup that writes to the console) cannot corrupt the
     * protocol channel, and returns the real standard output. A server's entry point calls it as
     * early as it can, before anything might print; {@link #ofSystem()} calls it too. Output that
     * the old {@code System.out} still buffered is not written. Calling it again is harmless.
     *
     * @return a new, unbuffered stream on file descriptor 1; never null
     */
    public static OutputStream protectStdout() {
        synchronized (SYSTEM_OWNED) {
            if (System.out != System.err) {
                System.setOut(System.err);
            }
        }
        return new FileOutputStream(FileDescriptor.out);
    }

    /**
     * Starts a server process and connects to it, with the default options.
     * @see #spawn(List, StdioProcessOptions)
     */
    public static StdioClientTransport spawn(List<String> command) throws IOException {
        return spawn(command, StdioProcessOptions.defaults());
    }

    /**
     * Starts a server process and connects to its standard input and output: the client side of
     * the stdio transport. See {@link StdioClientTransport} for its standard error and shutdown.
     *
     * @param command the program and its arguments, as for {@link ProcessBuilder}; not empty; never null
     * @param options never null
     * @return the transport, not yet started; the process is already running; never null
     * @throws IOException when the process cannot be started
     */
    public static StdioClientTransport spawn(List<String> command, StdioProcessOptions options) throws IOException {
        return StdioClientTransport.spawn(command, options);
    }

    /**
     * @return the stream's {@link StdioSettings#maxResponseBytesInMemory()}, which the answers sent
     *         here take from while they are made and until they are written
     */
    @Override
    public Budget answerBudget() {
        return answers;
    }

    /** @return the settings in use; never null */
    public StdioSettings settings() {
        return settings;
    }

    @Override
    public void start(Listener value) {
        Objects.requireNonNull(value, "listener");
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException(name + " is already started");
        }
        synchronized (callbacks) {
            listener = value;
            if (finished) {
                reportClosed();
                return;
            }
        }
        Thread thread = new Thread(() -> read(value.pendingRequests()), name.replace("jmcp-stdio-", "jmcp-stdio-reader-"));
        thread.setDaemon(true);
        reader = thread;
        thread.start();
    }

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        Objects.requireNonNull(payload, "payload");
        return writer.send(payload);
    }

    /**
     * Half-closes: no more messages are sent; those already queued are written and then the output
     * is closed, which the peer sees as the end of its input. Reading goes on. A client uses it to
     * ask the server to finish (the server answers what it has and exits); a server, to end the
     * connection from its side.
     *
     * @return completes when the output is closed; never null
     */
    public CompletableFuture<Void> shutdownOutput() {
        CompletableFuture<Void> done = writer.shutdownOutput();
        done.whenComplete((ignored, failure) -> unanswered.wake());
        return done;
    }

    /**
     * Closes the transport as the class description says, and returns when it is closed. Called on
     * the transport's own reader or writer thread (from a listener, or a callback of a send's
     * future), it returns at once and the rest runs in the background: that thread's work (reading
     * what the peer still writes, writing what is queued) is part of closing.
     */
    @Override
    public void close() {
        Thread current = Thread.currentThread();
        if (current == reader || writer.isWriterThread(current)) {
            stopped = true;
            unanswered.wake();
            inBackground(() -> finish(null, true));
            return;
        }
        finish(null, true);
    }

    private void inBackground(Runnable task) {
        Thread closer = new Thread(task, name.replace("jmcp-stdio-", "jmcp-stdio-closer-"));
        closer.setDaemon(true);
        closer.start();
    }

    private void read(PendingRequests pending) {
        LineFramer framer = new LineFramer(in, settings.maxMessageBytes());
        Throwable failure = null;
        try {
            // once stopped, lines are still read and dropped: a server process that is shutting down
            // must not block on a full pipe
            framer.run(new Delivery(pending));
        } catch (IOException | RuntimeException e) {
            failure = e;
        } catch (Error e) {
            // a reader that dies quietly leaves the peer waiting for answers that never come (seen
            // with an ExceptionInInitializerError from a missing JSON provider): end the session
            // with it instead, telling the peer first while the output still works
            LOG.log(Level.ERROR, name + " stopped reading its input", e);
            fatal(e);
            return;
        }
        if (stopped) {
            return;
        }
        if (failure != null) {
            finish(new McpException(name + " could not read its input: " + failure.getMessage(), failure), false);
            return;
        }
        awaitAnswers();
        finish(null, false);
    }

    /**
     * Ends the transport for an error that stopped its reader: the peer gets a {@code -32603} error
     * with no id (the listener, a session, answers an unreadable message so), then the transport
     * closes with the error as its cause, which a server program turns into a non-zero exit.
     */
    private void fatal(Error error) {
        McpException cause = new McpException(name + " stopped reading its input: " + error, error);
        if (!stopped) {
            try {
                reportUnreadable(new ProtocolException(ErrorCodes.INTERNAL_ERROR, cause.getMessage()));
            } catch (RuntimeException | Error again) {
                LOG.log(Level.DEBUG, name + ": could not tell the peer", again);
            }
        }
        finish(cause, false);
    }

    /** The input has ended: the answers to what the peer asked may still be written. */
    private void awaitAnswers() {
        try {
            int left = unanswered.awaitEmpty(Checks.nanos(settings.drainTimeout()), () -> stopped || !writer.accepting());
            if (left > 0) {
                LOG.log(Level.INFO, "{0}: the input ended with {1} requests unanswered after drainTimeout={2}",
                        name, String.valueOf(left), settings.drainTimeout());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void outputFailed(Throwable failure) {
        // not on the writer thread: closing waits for queued writes, and a process hook may wait longer
        inBackground(() -> finish(new McpException(name + " could not write to its output: " + failure.getMessage(),
                failure), false));
    }

    /** Closes once: stops delivery, flushes and closes the output, runs the hook, closes the input, reports. */
    private void finish(Throwable cause, boolean local) {
        if (!finishing.compareAndSet(false, true)) {
            return;
        }
        stopped = true;
        unanswered.wake();
        writer.close(Checks.nanos(settings.closeTimeout()), "is closed");
        Throwable reportedCause = cause;
        try {
            reportedCause = hook.closing(cause, local);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, name + ": closing failed", e);
        }
        try {
            in.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, name + ": closing the input failed", e);
        }
        synchronized (callbacks) {
            finished = true;
            finalCause = reportedCause;
            if (listener != null) {
                reportClosed();
            }
        }
        LOG.log(Level.DEBUG, "{0} closed", name);
    }

    // holds callbacks
    private void reportClosed() {
        if (reported) {
            return;
        }
        reported = true;
        try {
            listener.onClosed(finalCause);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, name + ": the listener failed in onClosed", e);
        }
    }

    /**
     * @return whether every send fails from now on because the connection is going: the output
     *         failed, or the transport is closing; not after {@link #shutdownOutput()} alone
     */
    boolean sendingStopped() {
        return finishing.get() || writer.broken();
    }

    /** @return {@code jmcp-stdio-<n>}, which the transport's threads carry */
    String name() {
        return name;
    }

    @Override
    public String toString() {
        return "StdioTransport[" + name + "]";
    }

    /**
     * Reads each line with the codec as its bytes arrive and hands the result to the listener. A
     * line that cannot be read is passed over to its newline and reported with what is known of it.
     */
    private final class Delivery implements LineFramer.Sink {
        private final PendingRequests pending;

        Delivery(PendingRequests pending) {
            this.pending = pending;
        }

        @Override
        public void line(LineFramer.Line line) throws IOException {
            if (stopped) {
                return;
            }
            JsonRpcPayload payload;
            try {
                payload = settings.codec().read(line, pending);
            } catch (ProtocolException e) {
                unreadable(line, e, false);
                return;
            } catch (OutOfMemoryError e) {
                // what the parser held is garbage again: fail this message, not the connection
                unreadable(line, null, true);
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, name + ": the codec failed on a line", e);
                unreadable(line, new ProtocolException(ErrorCodes.INTERNAL_ERROR, "the message could not be read"), false);
                return;
            }
            synchronized (callbacks) {
                if (stopped) {
                    return;
                }
                unanswered.received(payload);
                try {
                    listener.onMessage(payload);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, name + ": the listener failed in onMessage", e);
                }
            }
        }

        /**
         * Reports a line the codec could not read, once its rest is passed over (or, for a response
         * over the limit whose first bytes name it, before): over the limit or
         * too big for the heap, by its length and the id of the response it carries (failing the
         * request that waits for it now rather than at its timeout); cut by the end of the input;
         * or as the codec found it.
         */
        private void unreadable(LineFramer.Line line, ProtocolException error, boolean outOfMemory) throws IOException {
            // a response over the limit whose id comes first fails its request now: its end may never come
            ProtocolException early = line.seen().tooLongSoFar();
            if (early != null) {
                reportUnreadable(early);
            }
            line.skipRest();
            DroppedMessage seen = line.seen();
            if (early != null) {
                return;
            }
            if (seen.isTooLong()) {
                reportUnreadable(seen.tooLong());
            } else if (outOfMemory) {
                reportUnreadable(seen.outOfMemory());
            } else if (line.unterminated()) {
                reportUnreadable(new ProtocolException(ErrorCodes.PARSE_ERROR, "input ended inside a message: "
                        + seen.length() + " bytes after the last newline"));
            } else {
                reportUnreadable(error);
            }
        }

    }

    /** Hands the listener a message that could not be read. */
    private void reportUnreadable(ProtocolException error) {
        synchronized (callbacks) {
            if (stopped) {
                return;
            }
            try {
                listener.onUnreadable(error);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, name + ": the listener failed in onUnreadable", e);
            }
        }
    }
}
