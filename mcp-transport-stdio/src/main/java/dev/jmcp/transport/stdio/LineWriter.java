package dev.jmcp.transport.stdio;

import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Writes messages one per line on a single thread, so that messages never interleave: each is
 * encoded by the codec straight into a fixed buffer in front of the output (a blob streams from its
 * source), followed by {@code \n} and a flush. A send's future completes after that flush.
 *
 * <p>A failure of the output itself fails the send and reports the output broken; a message that
 * cannot be encoded (or whose blob source fails) fails only its own send, and the line stays framed:
 * bytes that never left the buffer are dropped, bytes that did are ended with a newline (the peer
 * reports one unreadable line). A result that could not be written is replaced by a {@code -32603}
 * error response with the same id, so that the peer does not wait for it until it times out.
 */
final class LineWriter {
    private static final System.Logger LOG = System.getLogger(LineWriter.class.getName());

    private final String name;
    private final McpCodec codec;
    private final SinkGuard sink;
    private final RewindableBuffer out;
    private final ThreadPoolExecutor executor;
    private final Consumer<JsonRpcPayload> onWritten;
    private final Consumer<Throwable> onBroken;
    private final Object submitLock = new Object();
    private volatile Thread thread;
    // guarded by submitLock
    private String refusal;
    private boolean closing;
    // used on the writer thread only
    private boolean outputClosed;
    // written on the writer thread, read by others
    private volatile Throwable broken;

    /**
     * @param onWritten told of each payload once it has been flushed
     * @param onBroken  told once when the output fails; called on the writer thread
     */
    LineWriter(String name, OutputStream output, McpCodec codec, int bufferBytes,
            Consumer<JsonRpcPayload> onWritten, Consumer<Throwable> onBroken) {
        this.name = name;
        this.codec = codec;
        this.sink = new SinkGuard(output);
        this.out = new RewindableBuffer(sink, bufferBytes);
        this.onWritten = onWritten;
        this.onBroken = onBroken;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread created = new Thread(task, name.replace("jmcp-stdio-", "jmcp-stdio-writer-"));
            created.setDaemon(true);
            thread = created;
            return created;
        });
    }

    /** Queues one message; never blocks. */
    CompletableFuture<Void> send(JsonRpcPayload payload) {
        CompletableFuture<Void> future = new CompletableFuture<>();
        synchronized (submitLock) {
            if (refusal != null) {
                future.completeExceptionally(new McpException("cannot send: " + name + " " + refusal));
                return future;
            }
            executor.execute(new Write(payload, future));
        }
        return future;
    }

    /** @return whether {@code thread} is this writer's thread */
    boolean isWriterThread(Thread candidate) {
        return candidate == thread;
    }

    /** @return whether writing to the output has failed */
    boolean broken() {
        return broken != null;
    }

    /** @return false once sending has stopped, by {@link #shutdownOutput} or {@link #close} */
    boolean accepting() {
        synchronized (submitLock) {
            return refusal == null;
        }
    }

    /** Stops sending: queued messages are written, then the output is closed. */
    CompletableFuture<Void> shutdownOutput() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        synchronized (submitLock) {
            if (refusal != null) {
                done.complete(null);
                return done;
            }
            refusal = "has shut down its output";
            executor.execute(() -> {
                closeOutput();
                done.complete(null);
            });
        }
        return done;
    }

    /**
     * Stops sending, writes what is queued and closes the output, waiting up to {@code timeoutNanos}
     * (not at all when called on the writer thread, where the queued work runs after the caller).
     */
    void close(long timeoutNanos, String reason) {
        synchronized (submitLock) {
            if (refusal == null) {
                refusal = reason;
            }
            if (!closing) {
                closing = true;
                executor.execute(this::closeOutput);
                executor.shutdown();
            }
        }
        if (Thread.currentThread() == thread) {
            return;
        }
        boolean done;
        try {
            done = executor.awaitTermination(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done = false;
        }
        if (!done) {
            // the writer is blocked on a peer that does not read; it closes the output if it ever returns
            List<Runnable> never = executor.shutdownNow();
            LOG.log(Level.WARNING, "{0} could not write {1} queued messages within closeTimeout", name,
                    String.valueOf(never.size()));
            for (Runnable task : never) {
                if (task instanceof Write write) {
                    write.future.completeExceptionally(new McpException(name + " closed before the message was written"));
                }
            }
        }
    }

    private void closeOutput() {
        if (outputClosed) {
            return;
        }
        outputClosed = true;
        try {
            out.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, name + ": closing the output failed", e);
        }
    }

    private void write(JsonRpcPayload payload, CompletableFuture<Void> future) {
        if (outputClosed || broken != null) {
            future.completeExceptionally(new McpException("cannot send: " + name + " "
                    + (broken != null ? "could not write earlier: " + broken.getMessage() : "has closed its output")));
            return;
        }
        int mark = out.mark();
        long before = sink.count;
        try {
            codec.write(payload, out);
            out.write('\n');
            out.flush();
        } catch (IOException | RuntimeException | Error e) {
            // an Error too (a codec class whose initializer failed): left to escape, it would end this
            // task with the future never completed and the peer waiting for an answer that never comes
            if (sink.failure != null) {
                fail(future, sink.failure);
            } else {
                unencodable(payload, future, e, mark, before);
            }
            return;
        }
        onWritten.accept(payload);
        future.complete(null);
    }

    private void fail(CompletableFuture<Void> future, IOException failure) {
        broken = failure;
        future.completeExceptionally(new McpException(name + " could not write to its output: " + failure.getMessage(),
                failure));
        onBroken.accept(failure);
    }

    private void unencodable(JsonRpcPayload payload, CompletableFuture<Void> future, Throwable e, int mark, long before) {
        LOG.log(Level.WARNING, name + " could not encode a message; the connection goes on", e);
        try {
            if (sink.count == before) {
                out.rewind(mark);
            } else {
                out.write('\n');
            }
            // a response that was cancelled while it was written gets no answer in its place
            if (payload instanceof JsonRpcResultResponse response && !cancelled(e)) {
                JsonRpcErrorResponse substitute = new JsonRpcErrorResponse(response.id(), new JsonRpcError(
                        ErrorCodes.INTERNAL_ERROR, "the result could not be written", null));
                codec.write(substitute, out);
                out.write('\n');
                onWritten.accept(substitute);
            }
            out.flush();
        } catch (IOException | RuntimeException again) {
            if (sink.failure != null) {
                fail(future, sink.failure);
                return;
            }
            LOG.log(Level.WARNING, name + " could not write an error in place of a result", again);
        }
        future.completeExceptionally(new McpException(name + " could not encode the message: " + e.getMessage(), e));
    }

    private static boolean cancelled(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.util.concurrent.CancellationException) {
                return true;
            }
        }
        return false;
    }

    private final class Write implements Runnable {
        final JsonRpcPayload payload;
        final CompletableFuture<Void> future;

        Write(JsonRpcPayload payload, CompletableFuture<Void> future) {
            this.payload = payload;
            this.future = future;
        }

        @Override
        public void run() {
            write(payload, future);
        }
    }

    /** A {@link BufferedOutputStream} whose not yet flushed bytes can be taken back. */
    static final class RewindableBuffer extends BufferedOutputStream {
        RewindableBuffer(OutputStream out, int size) {
            super(out, size);
        }

        synchronized int mark() {
            return count;
        }

        /** Valid only when nothing was flushed since {@link #mark()}. */
        synchronized void rewind(int mark) {
            count = mark;
        }
    }

    /** Counts what reaches the output and remembers whether the output itself failed. */
    static final class SinkGuard extends FilterOutputStream {
        volatile long count;
        volatile IOException failure;

        SinkGuard(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
            count += len;
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
