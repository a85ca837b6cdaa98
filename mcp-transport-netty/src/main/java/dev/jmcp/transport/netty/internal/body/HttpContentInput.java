package dev.jmcp.transport.netty.internal.body;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedInput;
import java.io.InputStream;

/**
 * Pieces of a response body read from a stream one full chunk at a time, for
 * {@link io.netty.handler.stream.ChunkedWriteHandler}, which reads the next chunk only when the
 * connection is writable: that is what bounds what a slow client makes the server hold. With
 * {@code last}, the body ends the response; otherwise more content (further SSE events) may follow.
 *
 * <p>Not Netty's {@code ChunkedStream}: it sizes each chunk by {@code available()}, which for a
 * stream that encodes as it is read is 0, and after its own one-byte look-ahead 1, so every chunk
 * after the first would be a single byte.
 */
final class HttpContentInput implements ChunkedInput<HttpContent> {
    private final InputStream in;
    private final byte[] scratch;
    private final boolean last;
    private boolean ended;
    private boolean lastSent;
    private long bytes;

    /**
     * @param in         the body; closed with this input
     * @param chunkBytes the most bytes per piece
     * @param last       whether the body ends the response
     */
    HttpContentInput(InputStream in, int chunkBytes, boolean last) {
        this.in = in;
        this.scratch = new byte[chunkBytes];
        this.last = last;
    }

    @Override
    public boolean isEndOfInput() {
        return ended && (!last || lastSent);
    }

    @Override
    public void close() throws Exception {
        in.close();
    }

    @Deprecated
    @Override
    public HttpContent readChunk(ChannelHandlerContext ctx) throws Exception {
        return readChunk(ctx.alloc());
    }

    @Override
    public HttpContent readChunk(ByteBufAllocator allocator) throws Exception {
        if (!ended) {
            int n = in.readNBytes(scratch, 0, scratch.length);
            if (n < scratch.length) {
                ended = true;
            }
            if (n > 0) {
                bytes += n;
                return new DefaultHttpContent(allocator.buffer(n).writeBytes(scratch, 0, n));
            }
        }
        if (last && !lastSent) {
            lastSent = true;
            return LastHttpContent.EMPTY_LAST_CONTENT;
        }
        // the stream ended exactly at a chunk boundary: an empty piece, so that the writer sees the end
        return new DefaultHttpContent(Unpooled.EMPTY_BUFFER);
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
