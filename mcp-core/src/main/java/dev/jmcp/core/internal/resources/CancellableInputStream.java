package dev.jmcp.core.internal.resources;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * A blob's source as the resources feature hands it on: before each read it asks whether the
 * request was cancelled, and once it was, it closes the source and throws
 * {@link ReadCancelledException} instead of reading further.
 */
final class CancellableInputStream extends FilterInputStream {
    private final BooleanSupplier cancelled;
    private final String uri;
    private final LongConsumer counted;
    private boolean closed;

    /**
     * @param counted receives the number of bytes of each read; may be null
     */
    CancellableInputStream(InputStream source, BooleanSupplier cancelled, String uri, LongConsumer counted) {
        super(source);
        this.cancelled = cancelled;
        this.uri = uri;
        this.counted = counted;
    }

    @Override
    public int read() throws IOException {
        check();
        int b = in.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        check();
        int n = in.read(buffer, offset, length);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        check();
        long skipped = in.skip(n);
        if (skipped > 0) {
            count(skipped);
        }
        return skipped;
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            in.close();
        }
    }

    private void count(long n) {
        if (counted != null) {
            counted.accept(n);
        }
    }

    private void check() throws IOException {
        if (cancelled.getAsBoolean()) {
            try {
                close();
            } catch (IOException ignored) {
                // the read is over either way
            }
            throw new ReadCancelledException("the read of " + uri + " was cancelled; its source is read no further");
        }
    }

    /** Thrown by a blob's stream once its request has been cancelled. */
    /**
     * Unchecked and a {@link java.util.concurrent.CancellationException}, so that a transport that
     * is writing the blob when it happens can tell a cancelled response from a broken one.
     */
    static final class ReadCancelledException extends java.util.concurrent.CancellationException {
        private static final long serialVersionUID = 1L;

        ReadCancelledException(String message) {
            super(message);
        }
    }
}
