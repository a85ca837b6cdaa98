package dev.jmcp.transport.netty.internal.client;

import dev.jmcp.core.internal.transport.DroppedMessage;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * One message's bytes on their way into the codec, counted, with what {@link DroppedMessage}
 * needs kept (its first and last bytes), so that a message the codec refuses for its size, or that
 * the heap cannot hold, can be reported with its real length and the id of the response it was.
 * The codec stops reading at the limit; {@link #tooLong} and {@link #outOfMemory} read (and drop)
 * the rest.
 */
public final class MeasuredInput extends FilterInputStream {
    private final DroppedMessage seen;

    /**
     * @param in              the message; read up to its end
     * @param maxMessageBytes the codec's limit
     */
    public MeasuredInput(InputStream in, long maxMessageBytes) {
        super(in);
        this.seen = new DroppedMessage(maxMessageBytes);
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            seen.add(new byte[] {(byte) b}, 0, 1);
        }
        return b;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        int n = super.read(bytes, offset, length);
        if (n > 0) {
            seen.add(bytes, offset, n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // through read, so that the skipped bytes are seen
        byte[] scratch = new byte[(int) Math.min(Math.max(n, 0), 8192)];
        long skipped = 0;
        while (skipped < n) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    /**
     * When the message has turned out longer than the limit, reads the rest of it and returns the
     * error that reports it, as {@link DroppedMessage#tooLong()} does.
     *
     * @return the error; null when the message is not over the limit (the codec refused it for
     *         another reason)
     * @throws IOException when reading the rest fails, such as a stream that ends inside the message
     */
    public ProtocolException tooLong() throws IOException {
        if (!seen.isTooLong()) {
            return null;
        }
        drain();
        return seen.tooLong();
    }

    /**
     * Reads the rest of a message that the heap could not hold and returns the error that reports
     * it, as {@link DroppedMessage#outOfMemory()} does.
     *
     * @throws IOException when reading the rest fails, such as a stream that ends inside the message
     */
    public ProtocolException outOfMemory() throws IOException {
        drain();
        return seen.isTooLong() ? seen.tooLong() : seen.outOfMemory();
    }

    private void drain() throws IOException {
        byte[] scratch = new byte[8192];
        while (read(scratch, 0, scratch.length) >= 0) {
            // dropped; only the length and the last bytes matter
        }
    }
}
