package dev.jmcp.schema.internal.blobs;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.resources.Blob;
import java.util.Arrays;

/** Collects a blob's bytes in one array that grows by half, and hands it out trimmed. */
public final class MemoryTarget implements BlobSink.Target {
    private byte[] bytes = new byte[256];
    private int length;

    @Override
    public void write(byte[] source, int offset, int count) {
        if (count > bytes.length - length) {
            long wanted = (long) length + count;
            if (wanted > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a blob of more than 2 GiB cannot be held in memory; "
                        + "use BlobSink.spillToFiles");
            }
            bytes = Arrays.copyOf(bytes, (int) Math.min(Integer.MAX_VALUE - 8,
                    Math.max(wanted, (long) bytes.length + (bytes.length >> 1))));
        }
        System.arraycopy(source, offset, bytes, length, count);
        length += count;
    }

    /** Bytes written so far, which a {@link SpillingTarget} moves to its file. */
    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    @Override
    public Blob finish() {
        byte[] exact = length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
        bytes = null;
        return Blob.of(exact);
    }

    @Override
    public void abort() {
        bytes = null;
    }
}
