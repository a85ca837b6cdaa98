package dev.jmcp.benchmarks;

import java.io.OutputStream;

/**
 * An output that discards what it is given but counts it, so that a write benchmark measures
 * encoding and not copying into a ByteArrayOutputStream. Closing it does nothing, so a writer
 * that closes its output (a JsonGenerator) can be pointed at it directly.
 */
final class CountingSink extends OutputStream {
    private long count;

    /** Forgets what was counted. */
    void reset() {
        count = 0;
    }

    /** @return the number of bytes written since the last {@link #reset()} */
    long count() {
        return count;
    }

    @Override
    public void write(int b) {
        count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        count += len;
    }

    @Override
    public void close() {
        // nothing to release; a sink outlives the writers pointed at it
    }
}
