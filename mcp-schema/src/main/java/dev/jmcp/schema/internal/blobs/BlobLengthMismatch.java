package dev.jmcp.schema.internal.blobs;

import java.io.IOException;

/**
 * A blob's stream gave fewer or more bytes than the blob announced. It is an {@link IOException}
 * because it surfaces where a blob is read, as any read failure does: the message being written
 * fails, and a transport answers in its place. The codec names the blob's URI with {@link #of}.
 */
public final class BlobLengthMismatch extends IOException {
    private static final long serialVersionUID = 1L;

    private final long announced;
    private final long actual;
    private final boolean longer;

    private BlobLengthMismatch(String blob, long announced, long actual, boolean longer) {
        super(blob + " announced " + announced + " bytes but its stream "
                + (longer ? "has more (at least " + actual + ")" : "ended after " + actual)
                + ": a blob of a known length must give exactly that many bytes; the message is not sent");
        this.announced = announced;
        this.actual = actual;
        this.longer = longer;
    }

    static BlobLengthMismatch shorter(long announced, long actual) {
        return new BlobLengthMismatch("a Blob.ofStream", announced, actual, false);
    }

    static BlobLengthMismatch longer(long announced) {
        return new BlobLengthMismatch("a Blob.ofStream", announced, announced + 1, true);
    }

    /** @return the same mismatch, said of the blob of {@code uri}; this one when {@code uri} is null */
    public BlobLengthMismatch of(String uri) {
        if (uri == null) {
            return this;
        }
        BlobLengthMismatch named = new BlobLengthMismatch("the blob of " + uri, announced, actual, longer);
        named.setStackTrace(getStackTrace()); // where the stream was read, not where it was named
        return named;
    }

    /** @return the number of bytes the blob announced */
    public long announced() {
        return announced;
    }

    /** @return the bytes its stream gave: all of them when it ended early, announced + 1 when it had more */
    public long actual() {
        return actual;
    }
}
