package dev.jmcp.schema.internal.blobs;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * The bytes of a stream that announced its length: exactly that many, or an {@link IOException}.
 * A stream that ends early fails at its end; one that has bytes left fails when the reader asks
 * past the announced length, after one byte more was read from it (never more: a lying stream may
 * be endless). The reader gets no byte beyond the announced length, so a body sent in pieces never
 * carries more than was announced, and a message whose blob lied fails instead of going out wrong.
 * Skipped bytes are skipped by the stream itself (a file seeks rather than reads them: a ranged read
 * far into a large blob) and counted, never past the announced length; a stream that ended early
 * fails at the next read. Not thread-safe, as streams are not.
 */
public final class AnnouncedLength extends InputStream {
    private final InputStream in;
    private final long announced;
    private long position;

    private AnnouncedLength(InputStream in, long announced) {
        this.in = in;
        this.announced = announced;
    }

    /**
     * @param in        the stream; closed when this is
     * @param announced the number of bytes it must give, or -1 when unknown (then {@code in} is returned)
     */
    public static InputStream of(InputStream in, long announced) {
        Objects.requireNonNull(in, "the blob's source opened no stream (null)");
        return announced < 0 ? in : new AnnouncedLength(in, announced);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, buffer.length);
        if (length == 0) {
            return 0;
        }
        if (position == announced) {
            if (in.read() >= 0) {
                throw BlobLengthMismatch.longer(announced);
            }
            return -1;
        }
        int n = in.read(buffer, offset, (int) Math.min(length, announced - position));
        if (n < 0) {
            throw BlobLengthMismatch.shorter(announced, position);
        }
        position += n;
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        if (n <= 0 || position == announced) {
            return 0;
        }
        long skipped = Math.max(0, in.skip(Math.min(n, announced - position)));
        position += skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(in.available(), announced - position);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
