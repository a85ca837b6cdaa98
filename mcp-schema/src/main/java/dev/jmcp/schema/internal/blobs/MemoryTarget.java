package dev.jmcp.schema.internal.blobs;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.resources.Blob;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects a blob's bytes in a list of chunks (growing to 64 KiB each, so a small blob stays small)
 * and joins them once, into the exact array the blob holds: each byte is copied once more, not
 * once per doubling of one growing array.
 */
public final class MemoryTarget implements BlobSink.Target {
    private static final int FIRST_CHUNK = 256;
    private static final int LARGEST_CHUNK = 64 * 1024;

    private List<byte[]> filled = new ArrayList<>();
    private byte[] chunk = new byte[FIRST_CHUNK];
    private int used;
    private long length;

    @Override
    public void write(byte[] source, int offset, int count) {
        if (length + count > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a blob of more than 2 GiB cannot be held in memory; "
                    + "use BlobSink.spillToFiles");
        }
        while (count > 0) {
            if (used == chunk.length) {
                filled.add(chunk);
                chunk = new byte[Math.min(LARGEST_CHUNK, chunk.length * 2)];
                used = 0;
            }
            int n = Math.min(count, chunk.length - used);
            System.arraycopy(source, offset, chunk, used, n);
            used += n;
            offset += n;
            count -= n;
            length += n;
        }
    }

    /** @return the number of bytes written so far */
    long length() {
        return length;
    }

    /** Writes the bytes so far to {@code out}, for a {@link SpillingTarget} that moves to a file. */
    void writeTo(OutputStream out) throws IOException {
        for (byte[] full : filled) {
            out.write(full);
        }
        out.write(chunk, 0, used);
    }

    @Override
    public Blob finish() {
        byte[] bytes;
        if (filled.isEmpty() && used == chunk.length) {
            bytes = chunk;
        } else {
            bytes = new byte[(int) length];
            int at = 0;
            for (byte[] full : filled) {
                System.arraycopy(full, 0, bytes, at, full.length);
                at += full.length;
            }
            System.arraycopy(chunk, 0, bytes, at, used);
        }
        abort();
        return Blob.of(bytes);
    }

    @Override
    public void abort() {
        filled = null;
        chunk = null;
    }
}
