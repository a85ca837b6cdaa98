package dev.jmcp.transport.netty.internal.body;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedInput;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;

/**
 * A response body encoded off the event loop, for {@link io.netty.handler.stream.ChunkedWriteHandler}:
 * the first {@link #readChunk} starts a producer on one of the server's {@link BodyProducers}, which
 * writes the body into a {@link BodyPipe} of {@value #QUEUED_CHUNKS} chunks; every read hands out a
 * chunk that is ready, or null (never waiting) until the producer wakes the handler. The producer
 * starts only once the body is the one being written, so a body queued behind others on its
 * connection holds no thread and no buffer.
 *
 * <p>The body ends in one of three ways: complete (with {@code last}, the response ends too); failed
 * while encoding ({@code readChunk} throws, so the write fails and the connection is closed: the
 * client sees a cut response, since its head is out); or no longer wanted ({@link #close}, when
 * the connection closed first): the producer is interrupted, stops at its next write at the latest,
 * and every chunk is released. A blob source blocked in a read that ignores interruption (a FIFO)
 * holds its producer thread until that read returns.
 */
final class ProducedInput implements ChunkedInput<HttpContent> {
    private static final System.Logger LOG = System.getLogger(ProducedInput.class.getName());
    /** How many chunks a producer may be ahead of the connection. */
    static final int QUEUED_CHUNKS = 4;

    /** Writes a body; runs on a producer thread. */
    @FunctionalInterface
    interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private final Body body;
    private final BodyProducers producers;
    private final int chunkBytes;
    private final boolean last;
    private final String what;
    private final BodyPipe pipe;
    // the event loop's
    private Future<?> producing;
    private boolean ended;
    private long bytes;

    /**
     * @param body       the body's bytes
     * @param producers  where the body is encoded
     * @param chunkBytes the most bytes per piece
     * @param last       whether the body ends the response
     * @param wake       resumes the transfer; callable from any thread
     * @param what       names the body in the log
     */
    ProducedInput(Body body, BodyProducers producers, int chunkBytes, boolean last, Runnable wake, String what) {
        this.body = body;
        this.producers = producers;
        this.chunkBytes = chunkBytes;
        this.last = last;
        this.what = what;
        this.pipe = new BodyPipe(QUEUED_CHUNKS, wake);
    }

    @Override
    public boolean isEndOfInput() {
        return ended;
    }

    @Deprecated
    @Override
    public HttpContent readChunk(ChannelHandlerContext ctx) throws Exception {
        return readChunk(ctx.alloc());
    }

    @Override
    public HttpContent readChunk(ByteBufAllocator allocator) throws Exception {
        if (ended) {
            return null;
        }
        if (producing == null) {
            start(allocator);
        }
        ByteBuf chunk = pipe.poll();
        if (chunk == null) {
            if (!pipe.ended()) {
                return null;
            }
            failIfFailed();
            return end(null);
        }
        bytes += chunk.readableBytes();
        if (pipe.ended()) {
            if (pipe.failure() != null) {
                chunk.release();
                failIfFailed();
            }
            return end(chunk);
        }
        return new DefaultHttpContent(chunk);
    }

    private void start(ByteBufAllocator allocator) {
        try {
            producing = producers.start(() -> produce(allocator), what);
        } catch (RejectedExecutionException e) {
            producing = CompletableFuture.completedFuture(null);
            pipe.fail(new IOException("the server is stopping: the body of " + what + " is not written", e));
        }
    }

    /** On a producer thread. */
    private void produce(ByteBufAllocator allocator) {
        ChunkingOutputStream out = new ChunkingOutputStream(pipe, allocator, chunkBytes);
        try {
            body.writeTo(out);
            out.finish();
        } catch (Throwable t) {
            out.discard();
            if (pipe.isClosed() || t instanceof CancellationException) {
                LOG.log(Level.DEBUG, "the body of {0} stopped: {1}", what, String.valueOf(t));
            } else {
                LOG.log(Level.WARNING, "the body of " + what + " failed after its head was sent; its connection is "
                        + "closed", t);
            }
            pipe.fail(t);
        }
    }

    private void failIfFailed() throws IOException {
        Throwable failure = pipe.failure();
        if (failure != null) {
            ended = true;
            throw new IOException("the body of " + what + " could not be encoded: " + failure, failure);
        }
    }

    private HttpContent end(ByteBuf chunk) {
        ended = true;
        if (last) {
            return chunk == null ? LastHttpContent.EMPTY_LAST_CONTENT : new DefaultLastHttpContent(chunk);
        }
        return new DefaultHttpContent(chunk == null ? Unpooled.EMPTY_BUFFER : chunk);
    }

    @Override
    public void close() {
        if (producing != null && !ended) {
            producing.cancel(true);
        }
        pipe.close();
    }

    @Override
    public long length() {
        return -1;
    }

    @Override
    public long progress() {
        return bytes;
    }
}
