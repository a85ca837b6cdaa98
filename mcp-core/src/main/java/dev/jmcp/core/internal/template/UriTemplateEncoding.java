package dev.jmcp.core.internal.template;

import dev.jmcp.core.internal.PercentEncoding;

/** Percent-encoding and decoding as RFC 6570 section 3.2.1 and RFC 3986 define them. */
final class UriTemplateEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    private static final String RESERVED = ":/?#[]@!$&'()*+,;=";

    private UriTemplateEncoding() {
    }

    /** @return whether {@code c} is in RFC 3986 {@code reserved}: gen-delims and sub-delims */
    static boolean isReserved(int c) {
        return c < 128 && RESERVED.indexOf(c) >= 0;
    }

    static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
    }

    /** @return whether {@code s} holds a percent-encoded triplet such as {@code %2F} at {@code i} */
    static boolean isTriplet(CharSequence s, int i) {
        return i + 2 < s.length() && s.charAt(i) == '%' && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2));
    }

    /**
     * Appends {@code value} to {@code out}, percent-encoding as UTF-8 every character outside
     * unreserved, or outside unreserved and reserved when {@code allowReserved}; in that case
     * triplets already in {@code value} are kept as they are (RFC 6570 section 3.2.3).
     *
     * @param what names the value in the error message
     * @throws IllegalArgumentException when {@code value} holds an unpaired surrogate, which has
     *                                  no UTF-8 form
     */
    static void encode(String value, boolean allowReserved, StringBuilder out, String what) {
        int i = 0;
        while (i < value.length()) {
            int c = value.codePointAt(i);
            if (PercentEncoding.isUnreserved(c) || (allowReserved && isReserved(c))) {
                out.append((char) c);
            } else if (allowReserved && isTriplet(value, i)) {
                out.append(value, i, i + 3);
                i += 3;
                continue;
            } else if (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE) {
                throw new IllegalArgumentException(what + " holds an unpaired surrogate at index " + i);
            } else {
                appendUtf8(c, out);
            }
            i += Character.charCount(c);
        }
    }

    private static void appendUtf8(int c, StringBuilder out) {
        if (c < 0x80) {
            appendByte(c, out);
        } else if (c < 0x800) {
            appendByte(0xC0 | (c >> 6), out);
            appendByte(0x80 | (c & 0x3F), out);
        } else if (c < 0x10000) {
            appendByte(0xE0 | (c >> 12), out);
            appendByte(0x80 | ((c >> 6) & 0x3F), out);
            appendByte(0x80 | (c & 0x3F), out);
        } else {
            appendByte(0xF0 | (c >> 18), out);
            appendByte(0x80 | ((c >> 12) & 0x3F), out);
            appendByte(0x80 | ((c >> 6) & 0x3F), out);
            appendByte(0x80 | (c & 0x3F), out);
        }
    }

    private static void appendByte(int b, StringBuilder out) {
        out.append('%').append(HEX[b >> 4]).append(HEX[b & 0xF]);
    }

    /**
     * @return {@code text} with its triplets decoded as UTF-8; null when a '%' starts no triplet
     *         or the bytes are not UTF-8, since expansion produces neither
     */
    static String decode(String text) {
        try {
            return PercentEncoding.decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
