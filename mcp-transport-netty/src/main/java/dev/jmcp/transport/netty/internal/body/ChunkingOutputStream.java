package dev.jmcp.transport.netty.internal.body;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.io.OutputStream;

/**
 * What a producer thread encodes, cut into pooled buffers of {@code chunkBytes} each and handed to
 * a {@link BodyPipe} as each fills. Not thread-safe: the producer's alone.
 */
final class ChunkingOutputStream extends OutputStream {
    private final BodyPipe pipe;
    private final ByteBufAllocator allocator;
    private final int chunkBytes;
    private ByteBuf current;

    ChunkingOutputStream(BodyPipe pipe, ByteBufAllocator allocator, int chunkBytes) {
        this.pipe = pipe;
        this.allocator = allocator;
        this.chunkBytes = chunkBytes;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        while (length > 0) {
            if (current == null) {
                pipe.checkWanted();
                current = allocator.buffer(chunkBytes, chunkBytes);
            }
            int n = Math.min(length, current.writableBytes());
            current.writeBytes(bytes, offset, n);
            offset += n;
            length -= n;
            if (!current.isWritable()) {
                handOver();
            }
        }
    }

    /** Hands over the last, partly filled chunk and ends the body. */
    void finish() throws IOException {
        if (current != null) {
            handOver();
        }
        pipe.finish();
    }

    /** Releases the chunk being filled; for a body that failed. */
    void discard() {
        if (current != null) {
            current.release();
            current = null;
        }
    }

    private void handOver() throws IOException {
        ByteBuf full = current;
        current = null;
        pipe.put(full);
    }
}
