package dev.jmcp.core.internal;

import dev.jmcp.core.internal.fs.Utf8Text;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding of UTF-8 text (RFC 3986 section 2.1): the one codec behind core's URIs, the
 * {@code file:} URIs of the file-system provider, {@code stdio:} command lines and the values of URI
 * templates. Each caller decides only which characters its part of a URI may keep as they are.
 */
public final class PercentEncoding {
    private PercentEncoding() {
    }

    /** @return whether {@code c} is in RFC 3986 {@code unreserved}: ALPHA DIGIT - . _ ~ */
    public static boolean isUnreserved(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }

    /**
     * Appends the UTF-8 form of {@code value} to {@code out}, every byte as {@code %XX} (upper-case
     * hex) but the unreserved characters and those in {@code alsoKept}.
     *
     * @param alsoKept ASCII characters that stand for themselves where the text goes, such as {@code "/"}
     */
    public static void encode(String value, String alsoKept, StringBuilder out) {
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (isUnreserved(c) || (c < 0x80 && alsoKept.indexOf(c) >= 0)) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
    }

    /**
     * @param raw text with {@code %XX} escapes; {@code +} is a plus sign, not a space
     * @return {@code raw} with its escapes decoded as UTF-8
     * @throws IllegalArgumentException when a {@code %} starts no escape ("a malformed percent escape
     *                                  at index N") or the bytes are not UTF-8 ("percent escapes that
     *                                  are not valid UTF-8"), for the caller to put in its own words
     */
    public static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int value = i + 2 < raw.length() ? hex(raw.charAt(i + 1)) << 4 | hex(raw.charAt(i + 2)) : -1;
                if (value < 0) {
                    throw new IllegalArgumentException("a malformed percent escape at index " + i);
                }
                bytes.write(value);
                i += 2;
            } else {
                int end = Character.isHighSurrogate(c) && i + 1 < raw.length() ? i + 2 : i + 1;
                bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end - 1;
            }
        }
        String text = Utf8Text.strict(bytes.toByteArray());
        if (text == null) {
            throw new IllegalArgumentException("percent escapes that are not valid UTF-8");
        }
        return text;
    }

    private static int hex(char c) {
        int digit = Character.digit(c, 16);
        return digit < 0 ? -0x1000 : digit; // keeps the combined value negative
    }
}
