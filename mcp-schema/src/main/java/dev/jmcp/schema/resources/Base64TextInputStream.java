package dev.jmcp.schema.resources;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Base64;

/**
 * The decoded bytes of base64 text held in a String, decoded 48 KiB at a time with the JDK's bulk
 * decoder. {@code Base64.getDecoder().wrap(...)} would read the text one byte at a time.
 */
final class Base64TextInputStream extends InputStream {
    /** Characters per chunk: a multiple of 4, so every chunk but the last decodes on its own. */
    private static final int CHUNK_CHARS = 64 * 1024;
    private static final Base64.Decoder DECODER = Base64.getDecoder();

    private final String text;
    private int nextChar;
    private final byte[] ascii = new byte[CHUNK_CHARS];
    private final byte[] decoded = new byte[CHUNK_CHARS / 4 * 3];
    private int position;
    private int limit;

    Base64TextInputStream(String text) {
        this.text = text;
    }

    @Override
    public int read() throws IOException {
        if (position == limit && !refill()) {
            return -1;
        }
        return decoded[position++] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (position == limit && !refill()) {
            return -1;
        }
        int n = Math.min(length, limit - position);
        System.arraycopy(decoded, position, buffer, offset, n);
        position += n;
        return n;
    }

    /** Decodes the next chunk. @return false at the end of the text */
    private boolean refill() throws IOException {
        int count = Math.min(CHUNK_CHARS, text.length() - nextChar);
        if (count <= 0) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            ascii[i] = (byte) text.charAt(nextChar + i);
        }
        nextChar += count;
        byte[] chunk = count == CHUNK_CHARS ? ascii : Arrays.copyOf(ascii, count);
        position = 0;
        try {
            limit = DECODER.decode(chunk, decoded);
        } catch (IllegalArgumentException e) {
            throw new IOException("the blob is not valid base64 near character " + (nextChar - count) + ": " + e.getMessage(), e);
        }
        return true;
    }
}
