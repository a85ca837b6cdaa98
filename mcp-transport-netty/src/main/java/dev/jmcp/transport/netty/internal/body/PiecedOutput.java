package dev.jmcp.transport.netty.internal.body;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * An output into buffers taken from the allocator as they fill, {@link #PIECE_BYTES} at a time after
 * the first, joined at the end without a copy ({@link #body()}). One buffer grown to fit a large
 * answer was reallocated and copied at every doubling: for a 1 MB listing, 2 MB of copies and as many
 * large allocations, more than half of the time its encoding took on the event loop. Not
 * thread-safe; the buffers are the caller's once {@link #body()} returns, else {@link #release()}s.
 */
final class PiecedOutput extends OutputStream {
    /** The size of each buffer after the first. */
    static final int PIECE_BYTES = 64 * 1024;

    private final ByteBufAllocator alloc;
    private final List<ByteBuf> filled = new ArrayList<>(0);
    private ByteBuf current;

    /** @param firstBytes the first buffer's size: an answer of about that size is then one buffer */
    PiecedOutput(ByteBufAllocator alloc, int firstBytes) {
        this.alloc = alloc;
        this.current = alloc.buffer(firstBytes);
    }

    @Override
    public void write(int b) {
        if (current.writableBytes() == 0) {
            next();
        }
        current.writeByte(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        while (length > 0) {
            int n = Math.min(length, current.writableBytes());
            if (n == 0) {
                next();
                continue;
            }
            current.writeBytes(bytes, offset, n);
            offset += n;
            length -= n;
        }
    }

    private void next() {
        filled.add(current);
        current = null; // released with the filled ones should the allocation fail
        current = alloc.buffer(PIECE_BYTES);
    }

    /** @return everything written, as one buffer (a composite of the pieces when there are several) */
    ByteBuf body() {
        if (filled.isEmpty()) {
            return current;
        }
        CompositeByteBuf body = alloc.compositeBuffer(filled.size() + 1);
        body.addComponents(true, filled);
        body.addComponent(true, current);
        filled.clear();
        current = null;
        return body;
    }

    /** Releases what was written, after a failure. */
    void release() {
        filled.forEach(ByteBuf::release);
        filled.clear();
        if (current != null) {
            current.release();
            current = null;
        }
    }
}
