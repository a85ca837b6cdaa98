package dev.jmcp.transport.netty.internal.body;

import dev.jmcp.core.spi.Budget;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.transport.netty.internal.session.AnswerErrors;
import dev.jmcp.transport.netty.internal.session.StreamRoutes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.stream.ChunkedInput;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Turns a message into the pieces of a response body, where it costs least. A message whose
 * encoding reads a blob's file or stream ({@link BlobScan}) is encoded off the event loop by a
 * {@link ProducedInput}: the loop must never wait for a disk or a provider; so is a long listing
 * ({@link #STREAMED_LISTING_ENTRIES}), which streams as it is encoded. Any other message is
 * small, or in memory, and is encoded on the loop when its body is written, without a
 * thread hop, into buffers joined as one ({@link PiecedOutput}, {@link EncodedBody}). Every response body the server writes
 * is made here, so no path can skip the check.
 *
 * <p>A message encoded on the loop is held in memory, encoded, until its connection has taken it
 * (the JSON around its blobs; a 7 MiB text is 7 MiB and more): those bytes are taken from the
 * server's {@code maxResponseBytesInMemory} budget until the body is closed. An answer that cannot
 * get them is replaced by a {@code -32603} error for the same request whose data names the setting
 * and its value; any other message is not written (the write fails with that message).
 */
public final class ResponseBodies {
    private static final byte[] NOTHING = new byte[0];
    /** Enough for most answers in one go; a larger one grows the buffer. */
    private static final int FIRST_BUFFER_BYTES = 2048;
    /**
     * A listing of at least this many entries (about 100 bytes each) is encoded off the event loop too,
     * and streamed as it is encoded: whole, a 10,000-entry page held its loop for a millisecond and
     * more, and its client could start decoding only once the last entry was encoded; streamed, the
     * client decodes while the server encodes (a long listing over HTTP took 7.4 ms instead of 9.4).
     */
    static final int STREAMED_LISTING_ENTRIES = 1000;
    /**
     * The pieces a streamed listing goes in: larger than a blob's {@code chunkBytes}, since every piece
     * is a hand-over between threads, and a listing's bytes are made as fast as they can be written.
     */
    static final int LISTING_PIECE_BYTES = 64 * 1024;
    /** The largest buffer made up front; a larger answer grows past it as it is written. */
    private static final int MAX_HINT_BYTES = 256 * 1024 * 1024;

    private final McpCodec codec;
    private final int chunkBytes;
    private final BodyProducers producers;
    private final Budget held;

    /**
     * @param codec      encodes the messages; never null
     * @param chunkBytes the most bytes per piece
     * @param producers  the threads that encode bodies which read a source; never null
     * @param held       the server's budget for encoded messages waiting to be written
     *                   ({@code maxResponseBytesInMemory}); never null
     */
    public ResponseBodies(McpCodec codec, int chunkBytes, BodyProducers producers, Budget held) {
        this.codec = Objects.requireNonNull(codec, "codec");
        this.chunkBytes = chunkBytes;
        this.producers = Objects.requireNonNull(producers, "producers");
        this.held = Objects.requireNonNull(held, "held");
    }

    /**
     * @param ctx     the context of the handler that writes the body, on its event loop
     * @param head    bytes before the message; may be empty
     * @param payload the message
     * @param tail    bytes after the message; may be empty
     * @param last    whether the body ends the response
     * @throws IOException when a message for the loop cannot be encoded, or is not an answer and
     *                     cannot get its bytes from {@code maxResponseBytesInMemory}
     */
    public ChunkedInput<HttpContent> of(ChannelHandlerContext ctx, byte[] head, JsonRpcPayload payload, byte[] tail,
            boolean last) throws IOException {
        if (!encodedOffLoop(payload)) {
            return whole(ctx.alloc(), head, payload, tail).pieces(last);
        }
        ChunkedWriteHandler chunked = ctx.pipeline().get(ChunkedWriteHandler.class);
        if (chunked == null) {
            throw new IllegalStateException("a body encoded off the event loop needs a ChunkedWriteHandler in the "
                    + "pipeline");
        }
        return new ProducedInput(out -> {
            out.write(head);
            codec.write(payload, out);
            out.write(tail);
        }, producers, longListing(payload) ? LISTING_PIECE_BYTES : chunkBytes, last, chunked::resumeTransfer,
                describe(payload));
    }

    /**
     * @param ctx     the context of the handler that writes the body, on its event loop
     * @return {@code payload} encoded whole into one buffer between {@code head} and {@code tail}
     *         (or the error that replaces it, as {@link #of} does); null when its encoding reads a
     *         source ({@link BlobScan}) or it is a long listing, which {@link #of} encodes off the loop
     * @throws IOException as {@link #of}
     */
    public Whole whole(ChannelHandlerContext ctx, byte[] head, JsonRpcPayload payload, byte[] tail) throws IOException {
        return encodedOffLoop(payload) ? null : whole(ctx.alloc(), head, payload, tail);
    }

    /**
     * A message encoded whole into one buffer, which holds its bytes of {@code maxResponseBytesInMemory}
     * until they are given back. One that fits in {@linkplain #onePiece() one piece} can be written
     * as it is (with its response's head, in one message), without the {@link ChunkedWriteHandler}
     * pulling it a piece at a time: the same bytes, with less machinery per answer.
     */
    public final class Whole {
        private final ByteBuf bytes;
        private final Runnable giveBack;

        private Whole(ByteBuf bytes, Runnable giveBack) {
            this.bytes = bytes;
            this.giveBack = giveBack;
        }

        /** @return the encoded bytes; whoever writes them owns them */
        public ByteBuf bytes() {
            return bytes;
        }

        /** @return whether the bytes are no more than {@code chunkBytes}, one piece */
        public boolean onePiece() {
            return bytes.readableBytes() <= chunkBytes;
        }

        /** Gives the bytes' share of the budget back: once, when they have been written or dropped. */
        public void giveBack() {
            giveBack.run();
        }

        /** @return the bytes as a body written in pieces as the connection drains, which gives back on close */
        public ChunkedInput<HttpContent> pieces(boolean last) {
            return new EncodedBody(bytes, last, giveBack);
        }
    }

    /**
     * @return {@code payload} encoded into one buffer between {@code head} and {@code tail}, holding
     *         its bytes of the budget until {@link Whole#giveBack()}; or the error that replaces it
     */
    private Whole whole(ByteBufAllocator alloc, byte[] head, JsonRpcPayload payload, byte[] tail) throws IOException {
        ByteBuf body = encode(alloc, head, payload, tail, base64Bytes(payload));
        int bytes = body.readableBytes() - head.length - tail.length;
        if (held.tryTake(bytes)) {
            return new Whole(body, () -> held.giveBack(bytes));
        }
        body.release();
        String why = "(" + bytes + " bytes encoded) cannot be held in memory to be written: the answers being "
                + "written already hold " + held.used() + " bytes of " + held;
        List<RequestId> answered = StreamRoutes.answeredIds(payload);
        if (answered.isEmpty()) {
            throw new IOException(describe(payload) + " " + why);
        }
        return new Whole(encode(alloc, head, AnswerErrors.of(answered, why, AnswerErrors.setting(held.setting(), held.max())),
                tail, 0), () -> { });
    }

    /**
     * @return the base64 length of the in-memory blobs of a read's answer: its buffer is made that
     *         large at once, where growing it from {@link #FIRST_BUFFER_BYTES} would copy a 1 MiB
     *         blob's text about ten times over and allocate as many buffers
     */
    static int base64Bytes(JsonRpcPayload payload) {
        if (!(payload instanceof JsonRpcResultResponse response && response.result() instanceof ReadResourceResult read)) {
            return 0;
        }
        long sum = 0;
        for (ResourceContents element : read.contents()) {
            if (element instanceof BlobResourceContents contents && contents.blob() instanceof Blob.InMemory bytes) {
                sum += (bytes.bytes().length + 2L) / 3 * 4;
            }
        }
        return (int) Math.min(sum, MAX_HINT_BYTES);
    }

    /** @param hint bytes beyond {@link #FIRST_BUFFER_BYTES} to make room for at once, such as a blob's base64 */
    private ByteBuf encode(ByteBufAllocator alloc, byte[] head, JsonRpcPayload payload, byte[] tail, int hint)
            throws IOException {
        PiecedOutput out = new PiecedOutput(alloc, FIRST_BUFFER_BYTES + head.length + tail.length + hint);
        try {
            out.write(head);
            codec.write(payload, out);
            out.write(tail);
            return out.body();
        } catch (IOException | RuntimeException e) {
            out.release();
            throw e;
        }
    }

    /** @return whether {@code payload} is encoded off the event loop: it reads a blob's source, or is a long listing */
    private static boolean encodedOffLoop(JsonRpcPayload payload) {
        return BlobScan.readsSource(payload) || longListing(payload);
    }

    private static boolean longListing(JsonRpcPayload payload) {
        return payload instanceof JsonRpcResultResponse response && response.result() instanceof ListResourcesResult list
                && list.resources().size() >= STREAMED_LISTING_ENTRIES;
    }

    /** @return {@code json} between {@code head} and {@code tail} */
    public static InputStream framed(byte[] head, InputStream json, byte[] tail) {
        return head.length == 0 && tail.length == 0 ? json
                : new SequenceInputStream(Collections.enumeration(List.of(new ByteArrayInputStream(head), json,
                        new ByteArrayInputStream(tail))));
    }

    /** @return a body of bytes in memory alone */
    public ChunkedInput<HttpContent> of(InputStream bytes, boolean last) {
        return new HttpContentInput(bytes, chunkBytes, last);
    }

    /** @return a body of {@code payload} alone */
    public ChunkedInput<HttpContent> of(ChannelHandlerContext ctx, JsonRpcPayload payload, boolean last) throws IOException {
        return of(ctx, NOTHING, payload, NOTHING, last);
    }

    private static String describe(JsonRpcPayload payload) {
        if (payload instanceof JsonRpcResultResponse response) {
            return "the result of request " + response.id();
        }
        if (payload instanceof JsonRpcErrorResponse error) {
            return "the error of request " + error.id();
        }
        if (payload instanceof JsonRpcRequest request) {
            return "request " + request.id() + " (" + request.method() + ")";
        }
        if (payload instanceof JsonRpcNotification notification) {
            return "a notification " + notification.method();
        }
        return "a batch of " + ((JsonRpcBatch) payload).messages().size();
    }
}
