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
 * on the event loop), for {@link io.netty.handler.stream.ChunkedWriteHandler}: handed out as
 * slices of the buffer of at most {@code chunkBytes}, so that nothing is copied again and a slow
 * connection takes them as it drains. With {@code last}, the final slice ends the response. Closing
 * releases the buffer and runs {@code onClose} (which gives back what the bytes held of a budget).
 */
final class EncodedBody implements ChunkedInput<HttpContent> {
    private final ByteBuf bytes;
    private final int chunkBytes;
    private final boolean last;
    private final Runnable onClose;
    private final long length;
    private boolean lastSent;
    private boolean closed;

    /**
     * @param bytes      the body, owned from now on
     * @param chunkBytes the most bytes per piece
     * @param last       whether the body ends the response
     * @param onClose    runs once, when the body is closed
     */
    EncodedBody(ByteBuf bytes, int chunkBytes, boolean last, Runnable onClose) {
        this.bytes = bytes;
        this.chunkBytes = chunkBytes;
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
        int n = Math.min(chunkBytes, bytes.readableBytes());
        if (last && n == bytes.readableBytes()) {
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
