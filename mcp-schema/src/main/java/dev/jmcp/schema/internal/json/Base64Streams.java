package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.internal.blobs.BlobLengthMismatch;
import dev.jmcp.schema.resources.Blob;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Base64;

/**
 * Base64-encodes a blob from its source in fixed chunks, the way jackson-core's writeBinary does:
 * through two small reused buffers, never building the whole string. The JDK encoder is used for
 * each chunk because HotSpot turns it into vector instructions.
 */
final class Base64Streams {
    private static final Base64.Encoder ENCODER = Base64.getEncoder();

    private Base64Streams() {
    }

    /**
     * Writes the base64 form of {@code blob} (without quotes) to {@code out}.
     *
     * @param uri the URI the blob is the body of, named when its length is wrong; may be null
     */
    static void encode(Blob blob, String uri, WriteBuffers buffers, OutputStream out) throws IOException {
        byte[] raw = buffers.raw();
        byte[] encoded = buffers.json();
        try (InputStream in = blob.open()) {
            int n;
            do {
                n = fill(in, raw, uri);
                if (n > 0) {
                    out.write(encoded, 0, encodeChunk(raw, n, encoded));
                }
            } while (n == raw.length);
        }
    }

    /**
     * Encodes the first {@code n} bytes of {@code raw} into {@code encoded}. A full chunk needs no
     * copy; the last, short one is copied because the JDK encoder takes whole arrays.
     *
     * @return the number of base64 bytes written
     */
    static int encodeChunk(byte[] raw, int n, byte[] encoded) {
        return ENCODER.encode(n == raw.length ? raw : Arrays.copyOf(raw, n), encoded);
    }

    /**
     * Reads until {@code chunk} is full or the stream ends, so only the last chunk is short.
     *
     * @param uri the URI the blob is the body of, named when its length is wrong; may be null
     */
    static int fill(InputStream in, byte[] chunk, String uri) throws IOException {
        int filled = 0;
        try {
            while (filled < chunk.length) {
                int n = in.read(chunk, filled, chunk.length - filled);
                if (n < 0) {
                    break;
                }
                filled += n;
            }
        } catch (BlobLengthMismatch e) {
            throw e.of(uri);
        }
        return filled;
    }
}
