package dev.jmcp.schema.internal.json;

import java.io.IOException;
import java.io.InputStream;

/**
 * Writes the UTF-8 bytes of a streamed text as the inside of a JSON string, one chunk of its source
 * at a time, checking as it goes that they are well-formed UTF-8. The output is byte for byte what
 * {@link JsonOutput#string} writes for the same text held as a String: the same escapes, and every
 * other byte as it is (a well-formed multi-byte character is its own UTF-8 form). A character split
 * across two chunks needs no care beyond the checker's state, since bytes are copied, not decoded.
 * Not thread-safe; one per text.
 */
final class TextEscaper {
    /** The longest escape, {@code \u001f}: the output needs this much room for any one input byte. */
    static final int MAX_ESCAPE = 6;
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final InputStream in;
    private final String uri;
    private final byte[] raw;
    private int position;
    private int limit;
    private boolean ended;
    /** The source's bytes before {@code raw[0]}: where a malformed byte is, for the error. */
    private long before;
    /** Continuation bytes the current character still needs; 0 between characters. */
    private int need;
    /** The range the next continuation byte must be in (narrower after E0, ED, F0 and F4). */
    private int low = 0x80;
    private int high = 0xBF;

    /**
     * @param in  the text's UTF-8 bytes; the caller closes it
     * @param uri the URI the text is the body of, named when it is malformed; may be null
     * @param raw the chunk the source is read into
     */
    TextEscaper(InputStream in, String uri, byte[] raw) {
        this.in = in;
        this.uri = uri;
        this.raw = raw;
    }

    /** @return whether the whole text has been written */
    boolean done() {
        return ended && position == limit && need == 0;
    }

    /**
     * Escapes into {@code out} from {@code from} until the text ends or fewer than
     * {@link #MAX_ESCAPE} bytes of room are left.
     *
     * @return the position in {@code out} after what was written
     * @throws IOException when the source fails or its bytes are not well-formed UTF-8 (naming the
     *                     URI and the offset of the first bad byte)
     */
    int escape(byte[] out, int from) throws IOException {
        int o = from;
        int end = out.length - MAX_ESCAPE;
        while (o <= end) {
            if (position == limit && !refill()) {
                return o;
            }
            if (need == 0) {
                // the plain run: most text is printable ASCII, copied as it is, eight bytes at a time
                int stop = Math.min(limit, position + out.length - o);
                int p = PlainRuns.skipWords(raw, position, stop);
                while (p < stop && plain(raw[p])) {
                    p++;
                }
                System.arraycopy(raw, position, out, o, p - position);
                o += p - position;
                position = p;
                if (position == limit || o > end) {
                    continue;
                }
            }
            int b = raw[position] & 0xFF;
            if (need > 0) {
                if (b < low || b > high) {
                    throw malformed(position);
                }
                need--;
                low = 0x80;
                high = 0xBF;
                out[o++] = (byte) b;
            } else if (b < 0x80) {
                o = escapeAscii(b, out, o);
            } else {
                lead(b);
                out[o++] = (byte) b;
                position++;
                // the rest of the character where this chunk holds it, in one pass rather than a turn
                // of the loop per byte (a lead and three more bytes fit the room of one escape)
                while (need > 0 && position < limit) {
                    int next = raw[position] & 0xFF;
                    if (next < low || next > high) {
                        throw malformed(position);
                    }
                    need--;
                    low = 0x80;
                    high = 0xBF;
                    out[o++] = (byte) next;
                    position++;
                }
                continue;
            }
            position++;
        }
        return o;
    }

    private static boolean plain(byte b) {
        return b >= 0x20 && b != '"' && b != '\\'; // a byte is signed: 0x80 and above are negative
    }

    /** Takes the lead byte of a multi-byte character: how many bytes follow, and the range of the next. */
    private void lead(int b) throws IOException {
        if (b >= 0xC2 && b <= 0xDF) {
            need = 1;
        } else if (b >= 0xE0 && b <= 0xEF) {
            need = 2;
            if (b == 0xE0) {
                low = 0xA0; // below, an overlong form
            } else if (b == 0xED) {
                high = 0x9F; // above, a surrogate, which UTF-8 cannot hold
            }
        } else if (b >= 0xF0 && b <= 0xF4) {
            need = 3;
            if (b == 0xF0) {
                low = 0x90; // below, an overlong form
            } else if (b == 0xF4) {
                high = 0x8F; // above, past U+10FFFF
            }
        } else {
            throw malformed(position); // a continuation byte, C0 or C1 (overlong), or F5 and above
        }
    }

    private static int escapeAscii(int b, byte[] out, int o) {
        out[o++] = '\\';
        switch (b) {
            case '"' -> out[o++] = '"';
            case '\\' -> out[o++] = '\\';
            case '\n' -> out[o++] = 'n';
            case '\r' -> out[o++] = 'r';
            case '\t' -> out[o++] = 't';
            case '\b' -> out[o++] = 'b';
            case '\f' -> out[o++] = 'f';
            default -> {
                out[o++] = 'u';
                out[o++] = '0';
                out[o++] = '0';
                out[o++] = HEX[b >> 4];
                out[o++] = HEX[b & 0xF];
            }
        }
        return o;
    }

    /** Reads the next chunk. @return false when the source has ended between two characters */
    private boolean refill() throws IOException {
        if (!ended) {
            before += limit;
            position = 0;
            limit = Base64Streams.fill(in, raw, uri);
            ended = limit < raw.length;
            if (limit > 0) {
                return true;
            }
        }
        if (need > 0) {
            throw notUtf8("ends inside a character");
        }
        return false;
    }

    private IOException malformed(int at) {
        return notUtf8("has a malformed byte at offset " + (before + at));
    }

    private IOException notUtf8(String where) {
        return new IOException("the text of " + (uri == null ? "a resource" : uri) + " is not well-formed UTF-8: it "
                + where + "; the message is not sent");
    }
}
