package dev.jmcp.benchmarks;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * An output that checks a written message instead of keeping it: it finds the first
 * {@code "blob":"} member, decodes its base64 value as it streams past, compares the bytes with
 * the expected ones, and keeps only the (small) JSON before and after the blob. For a benchmark's
 * setup, so that a 64 MiB blob is checked without holding its 89 MB of base64.
 */
final class BlobCheck extends OutputStream {
    private static final byte[] MARKER = "\"blob\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final int DECODE_CHUNK = 4096; // a multiple of 4: whole base64 quanta

    private final byte[] expected;
    private final StringBuilder before = new StringBuilder();
    private final StringBuilder after = new StringBuilder();
    private final byte[] pending = new byte[DECODE_CHUNK];
    private final byte[] decoded = new byte[DECODE_CHUNK / 4 * 3];
    private int pendingLength;
    private int matched; // how much of MARKER has been seen
    private int state;   // 0 before the blob, 1 inside it, 2 after it
    private long blobChars;
    private long decodedBytes;
    private long total;

    BlobCheck(byte[] expected) {
        this.expected = expected;
    }

    @Override
    public void write(int b) {
        total++;
        if (state == 0) {
            before.append((char) (b & 0xFF));
            matched = b == MARKER[matched] ? matched + 1 : (b == MARKER[0] ? 1 : 0);
            if (matched == MARKER.length) {
                state = 1;
            }
        } else if (state == 1) {
            if (b == '"') {
                decodePending();
                state = 2;
                after.append('"');
            } else {
                blobChars++;
                pending[pendingLength++] = (byte) b;
                if (pendingLength == DECODE_CHUNK) {
                    decodePending();
                }
            }
        } else {
            after.append((char) (b & 0xFF));
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    private void decodePending() {
        // throws IllegalArgumentException on anything that is not plain base64 (an escaped "\/", say)
        int n = Base64.getDecoder().decode(Arrays.copyOf(pending, pendingLength), decoded);
        pendingLength = 0;
        if (decodedBytes + n > expected.length
                || !Arrays.equals(decoded, 0, n, expected, (int) decodedBytes, (int) decodedBytes + n)) {
            throw new IllegalStateException("blob differs from the source near byte " + decodedBytes);
        }
        decodedBytes += n;
    }

    /** Fails unless a whole blob was seen and it decoded to exactly the expected bytes. */
    BlobCheck verify(String writer) {
        if (state != 2) {
            throw new IllegalStateException(writer + ": no complete \"blob\" member in the output");
        }
        if (decodedBytes != expected.length) {
            throw new IllegalStateException(writer + ": blob decodes to " + decodedBytes + " bytes, expected " + expected.length);
        }
        return this;
    }

    /** @return the number of base64 characters in the blob's value */
    long blobChars() {
        return blobChars;
    }

    /** @return the JSON around the blob: what came before its value, then what came after */
    String envelope() {
        return before + "<blob>" + after;
    }

    /** @return every byte written */
    long total() {
        return total;
    }
}
