package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.codec.BlobSink;
import java.io.IOException;
import java.util.Arrays;
import java.util.Base64;

/**
 * Decodes base64 text that arrives in pieces of any length into a {@link BlobSink.Target}: the text
 * is gathered into whole chunks of {@value #CHUNK} characters, each decoded with the JDK's decoder
 * (which takes whole arrays only) into one reused buffer. The buffers start small and grow to the
 * chunk size, so a small blob costs little. Padding is allowed only at the very end.
 */
final class Base64Decoding implements Utf8JsonParser.AsciiSink {
    /** Base64 characters per decode; a multiple of 4. */
    static final int CHUNK = 64 * 1024;
    private static final Base64.Decoder DECODER = Base64.getDecoder();

    private final BlobSink.Target target;
    private byte[] text = new byte[1024];
    private byte[] raw = new byte[768];
    private int held;
    private long decodedChars;
    /** A chunk ended in padding: the text must end there. */
    private boolean padded;

    Base64Decoding(BlobSink.Target target) {
        this.target = target;
    }

    @Override
    public void accept(byte[] bytes, int offset, int length) throws IOException {
        while (length > 0) {
            if (held == text.length) {
                if (text.length < CHUNK) {
                    text = Arrays.copyOf(text, text.length * 4);
                    raw = new byte[text.length / 4 * 3];
                } else {
                    decodeFullChunk();
                }
            }
            int n = Math.min(length, text.length - held);
            System.arraycopy(bytes, offset, text, held, n);
            held += n;
            offset += n;
            length -= n;
        }
    }

    private void decodeFullChunk() throws IOException {
        if (padded) {
            throw new IllegalArgumentException("padding '=' before the end of the base64 text");
        }
        int n = DECODER.decode(text, raw);
        target.write(raw, 0, n);
        padded = n < raw.length;
        decodedChars += held;
        held = 0;
    }

    /**
     * Decodes what is left.
     *
     * @throws IllegalArgumentException when the text is not base64
     */
    void finish() throws IOException {
        long total = decodedChars + held;
        if (total % 4 != 0) {
            throw new IllegalArgumentException("base64 text must have a length divisible by 4, was " + total);
        }
        if (held == 0) {
            return;
        }
        if (padded) {
            throw new IllegalArgumentException("padding '=' before the end of the base64 text");
        }
        int n = DECODER.decode(held == text.length ? text : Arrays.copyOf(text, held), raw);
        target.write(raw, 0, n);
        held = 0;
    }
}
