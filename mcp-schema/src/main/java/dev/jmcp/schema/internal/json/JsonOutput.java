package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.resources.Blob;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Map;

/**
 * Writes JSON as UTF-8 bytes straight into a buffer and from there to an output. jakarta.json's
 * JsonGenerator cannot write one string value in pieces, which a streamed blob needs, hence this
 * small writer of our own. Not thread-safe; one instance writes one message.
 */
public class JsonOutput {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** The longest name {@link #encodedName} encodes: far below the smallest write buffer. */
    private static final int MAX_ENCODED_NAME = 64;

    private final OutputStream out;
    private final WriteBuffers buffers;
    private final byte[] buffer;
    private int position;
    /** Per open container: has it had a member yet (so the next one needs a comma)? */
    private boolean[] hasMember = new boolean[16];
    private int depth;
    /** True right after a member name, when the value needs no comma. */
    private boolean afterName;

    public JsonOutput(OutputStream out, WriteBuffers buffers) {
        this.out = out;
        this.buffers = buffers;
        this.buffer = buffers.json();
    }

    public final JsonOutput beginObject() throws IOException {
        return open('{');
    }

    public final JsonOutput endObject() throws IOException {
        return close('}');
    }

    public final JsonOutput beginArray() throws IOException {
        return open('[');
    }

    public final JsonOutput endArray() throws IOException {
        return close(']');
    }

    /** Writes a member name; the next call writes its value. */
    public final JsonOutput name(String name) throws IOException {
        separate();
        quoted(name);
        raw((byte) ':');
        afterName = true;
        return this;
    }

    /**
     * @return {@code name} as a member name is written, quotes and colon included, to be written
     *         by {@link #name(byte[])}; null when it needs an escape or is not short ASCII
     */
    public static byte[] encodedName(String name) {
        if (name.length() > MAX_ENCODED_NAME) {
            return null;
        }
        byte[] encoded = new byte[name.length() + 3];
        encoded[0] = '"';
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
                return null;
            }
            encoded[i + 1] = (byte) c;
        }
        encoded[encoded.length - 2] = '"';
        encoded[encoded.length - 1] = ':';
        return encoded;
    }

    /**
     * Writes a member name that {@link #encodedName} encoded once: a record's names repeat in every
     * element of a listing, and copying them costs less than checking each character again.
     */
    public final JsonOutput name(byte[] encoded) throws IOException {
        separate();
        if (buffer.length - position < encoded.length) {
            flushBuffer();
        }
        System.arraycopy(encoded, 0, buffer, position, encoded.length);
        position += encoded.length;
        afterName = true;
        return this;
    }

    public final JsonOutput string(String value) throws IOException {
        separate();
        quoted(value);
        return this;
    }

    public final JsonOutput number(long value) throws IOException {
        separate();
        if (value < 0 && value != Long.MIN_VALUE) {
            raw((byte) '-');
            digits(-value);
        } else if (value >= 0) {
            digits(value);
        } else {
            ascii(Long.toString(value));
        }
        return this;
    }

    /** Writes a number; an integral value is written without a fraction, as JSON peers expect. */
    public final JsonOutput number(double value) throws IOException {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("JSON has no " + value);
        }
        separate();
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            ascii(Long.toString((long) value));
        } else {
            ascii(Double.toString(value));
        }
        return this;
    }

    public final JsonOutput bool(boolean value) throws IOException {
        separate();
        ascii(value ? "true" : "false");
        return this;
    }

    public final JsonOutput nullValue() throws IOException {
        separate();
        ascii("null");
        return this;
    }

    /** Writes any JSON-P value, such as a {@code _meta} object. */
    public final JsonOutput value(JsonValue value) throws IOException {
        switch (value.getValueType()) {
            case OBJECT -> {
                beginObject();
                if (value instanceof CompactObject compact) {
                    // by position: one per listed entry, where an iterator and an entry per member add up
                    for (int i = 0; i < compact.memberCount(); i++) {
                        name(compact.nameAt(i));
                        value(compact.valueAt(i));
                    }
                } else {
                    for (Map.Entry<String, JsonValue> member : ((JsonObject) value).entrySet()) {
                        name(member.getKey());
                        value(member.getValue());
                    }
                }
                endObject();
            }
            case ARRAY -> {
                beginArray();
                for (JsonValue element : (JsonArray) value) {
                    value(element);
                }
                endArray();
            }
            case STRING -> string(((JsonString) value).getString());
            case NUMBER -> {
                separate();
                ascii(((JsonNumber) value).toString());
            }
            case TRUE -> bool(true);
            case FALSE -> bool(false);
            case NULL -> nullValue();
        }
        return this;
    }

    /**
     * Writes a blob as a base64 string value, streamed from its source.
     *
     * @param uri the URI of the resource the blob is the body of, named when its source fails; may be null
     */
    public JsonOutput blob(Blob blob, String uri) throws IOException {
        separate();
        raw((byte) '"');
        if (blob instanceof Blob.Encoded encoded) {
            ascii(encoded.base64());
        } else {
            flushBuffer();
            Base64Streams.encode(blob, uri, buffers, out);
        }
        raw((byte) '"');
        return this;
    }

    /**
     * Writes a text held as UTF-8 bytes as a JSON string value, streamed from its source through
     * this output's buffers and escaped on the way; byte for byte what {@link #string} writes for
     * the same text.
     *
     * @param uri the URI of the resource the text is the body of, named when its source fails or
     *            is not well-formed UTF-8; may be null
     * @throws IOException when the source fails or is not well-formed UTF-8; what was written of
     *                     the message before is not a message
     */
    public JsonOutput streamedText(Blob utf8, String uri) throws IOException {
        separate();
        raw((byte) '"');
        try (InputStream in = utf8.open()) {
            TextEscaper escaper = new TextEscaper(in, uri, buffers.raw());
            while (true) {
                position = escaper.escape(buffer, position);
                if (escaper.done()) {
                    break;
                }
                flushBuffer();
            }
        }
        raw((byte) '"');
        return this;
    }

    /** Writes what is buffered to the output; does not flush the output itself. */
    public final void flushBuffer() throws IOException {
        if (position > 0) {
            out.write(buffer, 0, position);
            position = 0;
        }
    }

    /** Writes the separator a value needs: a comma unless it is first or follows its name. */
    protected final void separate() throws IOException {
        if (afterName) {
            afterName = false;
            return;
        }
        if (depth > 0) {
            if (hasMember[depth]) {
                raw((byte) ',');
            } else {
                hasMember[depth] = true;
            }
        }
    }

    protected final void raw(byte b) throws IOException {
        if (position == buffer.length) {
            flushBuffer();
        }
        buffer[position++] = b;
    }

    private JsonOutput open(char bracket) throws IOException {
        separate();
        raw((byte) bracket);
        if (++depth == hasMember.length) {
            hasMember = Arrays.copyOf(hasMember, depth * 2);
        }
        hasMember[depth] = false;
        return this;
    }

    private JsonOutput close(char bracket) throws IOException {
        depth--;
        raw((byte) bracket);
        return this;
    }

    /** Writes the decimal digits of a value >= 0 straight into the buffer: a listing writes one size per entry. */
    private void digits(long value) throws IOException {
        int count = 1;
        for (long rest = value / 10; rest != 0; rest /= 10) {
            count++;
        }
        if (buffer.length - position < count) {
            flushBuffer();
        }
        long rest = value;
        for (int i = position + count - 1; i >= position; i--) {
            buffer[i] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        position += count;
    }

    private void ascii(String text) throws IOException {
        for (int i = 0, n = text.length(); i < n; i++) {
            raw((byte) text.charAt(i));
        }
    }

    /** Writes a JSON string literal: UTF-8, with the escapes JSON requires. */
    private void quoted(String text) throws IOException {
        raw((byte) '"');
        for (int i = 0, n = text.length(); i < n; i++) {
            i = plainRun(text, i, n);
            if (i == n) {
                break;
            }
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x80) {
                if (c == '"' || c == '\\') {
                    raw((byte) '\\');
                }
                raw((byte) c);
            } else if (c < 0x20) {
                escapeControl(c);
            } else if (c < 0x800) {
                raw((byte) (0xC0 | (c >> 6)));
                raw((byte) (0x80 | (c & 0x3F)));
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                raw((byte) (0xF0 | (cp >> 18)));
                raw((byte) (0x80 | ((cp >> 12) & 0x3F)));
                raw((byte) (0x80 | ((cp >> 6) & 0x3F)));
                raw((byte) (0x80 | (cp & 0x3F)));
            } else if (Character.isSurrogate(c)) {
                // a lone surrogate has no UTF-8 form; the escape keeps the string as it was
                unicodeEscape(c);
            } else {
                raw((byte) (0xE0 | (c >> 12)));
                raw((byte) (0x80 | ((c >> 6) & 0x3F)));
                raw((byte) (0x80 | (c & 0x3F)));
            }
        }
        raw((byte) '"');
    }

    /**
     * Copies the printable ASCII that needs no escape from {@code i} on, straight into the buffer
     * (most text is such, and one check per character beats {@link #raw}'s per-byte bounds check).
     *
     * @return the index of the first character it did not copy; {@code n} at the end of the text
     */
    private int plainRun(String text, int i, int n) throws IOException {
        while (i < n) {
            if (position == buffer.length) {
                flushBuffer();
            }
            int end = Math.min(n, i + buffer.length - position);
            int p = position;
            for (; i < end; i++) {
                char c = text.charAt(i);
                if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
                    position = p;
                    return i;
                }
                buffer[p++] = (byte) c;
            }
            position = p;
        }
        return n;
    }

    private void escapeControl(char c) throws IOException {
        switch (c) {
            case '\n' -> ascii("\\n");
            case '\r' -> ascii("\\r");
            case '\t' -> ascii("\\t");
            case '\b' -> ascii("\\b");
            case '\f' -> ascii("\\f");
            default -> unicodeEscape(c);
        }
    }

    private void unicodeEscape(char c) throws IOException {
        ascii("\\u");
        raw(HEX[(c >> 12) & 0xF]);
        raw(HEX[(c >> 8) & 0xF]);
        raw(HEX[(c >> 4) & 0xF]);
        raw(HEX[c & 0xF]);
    }
}
