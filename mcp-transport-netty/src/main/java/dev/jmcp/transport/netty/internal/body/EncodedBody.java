package dev.jmcp.transport.netty.internal.body;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedInput;

/**
 * A response body already encoded whole into one buffer (a message without a blob source, encoded
 * on the event loop), for {@link io.netty.handler.stream.ChunkedWriteHandler}: handed out as one
 * piece, the buffer itself, so that nothing is copied again. Cutting it into smaller slices would
 * hold no less memory (the bytes are all made already; the connection's outbound buffer drains it
 * as the client reads) and cost a trip through the pipeline each: a 1 MiB blob's answer was 175 of
 * them at 8 KiB. With {@code last}, the piece ends the response. Closing releases the buffer and
 * runs {@code onClose} (which gives back what the bytes held of a budget).
 */
final class EncodedBody implements ChunkedInput<HttpContent> {
    private final ByteBuf bytes;
    private final boolean last;
    private final Runnable onClose;
    private final long length;
    private boolean lastSent;
    private boolean closed;

    /**
     * @param bytes   the body, owned from now on
     * @param last    whether the body ends the response
     * @param onClose runs once, when the body is closed
     */
    EncodedBody(ByteBuf bytes, boolean last, Runnable onClose) {
        this.bytes = bytes;
        this.last = last;
        this.onClose = onClose;
        this.length = bytes.readableBytes();
    }

    @Override
    public boolean isEndOfInput() {
        return closed || !bytes.isReadable() && (!last || lastSent);
    }

    @Deprecated
    @Override
    public HttpContent readChunk(ChannelHandlerContext ctx) {
        return readChunk(ctx.alloc());
    }

    @Override
    public HttpContent readChunk(ByteBufAllocator allocator) {
        if (isEndOfInput()) {
            return null;
        }
        int n = bytes.readableBytes();
        if (last) {
            lastSent = true;
            return n == 0 ? LastHttpContent.EMPTY_LAST_CONTENT : new DefaultLastHttpContent(bytes.readRetainedSlice(n));
        }
        return new DefaultHttpContent(bytes.readRetainedSlice(n));
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            bytes.release();
            onClose.run();
        }
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public long progress() {
        return length - bytes.readableBytes();
    }
}
