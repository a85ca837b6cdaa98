package dev.jmcp.transport.netty.internal.headers;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Reads the values of the headers that mirror a 2026-07-28 request's body ({@code Mcp-Method},
 * {@code Mcp-Name}): without the optional whitespace around them, refused when they hold a
 * character a header value may not (RFC 9110: visible ASCII, space and tab), and decoded when they
 * use the Base64 sentinel {@code =?base64?...?=} that carries a value no header could (non-ASCII,
 * line breaks, edge whitespace).
 */
public final class HeaderValues {
    static final String SENTINEL_PREFIX = "=?base64?";
    static final String SENTINEL_SUFFIX = "?=";

    private HeaderValues() {
    }

    /** A header value that breaks the rules; the message says which. */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    /** @return {@code raw} without leading and trailing spaces and tabs (RFC 9110 OWS); null for null */
    public static String trim(String raw) {
        if (raw == null) {
            return null;
        }
        int start = 0;
        int end = raw.length();
        while (start < end && isOws(raw.charAt(start))) {
            start++;
        }
        while (end > start && isOws(raw.charAt(end - 1))) {
            end--;
        }
        return raw.substring(start, end);
    }

    /**
     * @param name  the header's name, for the message
     * @param value a trimmed value; never null
     * @return {@code value}
     * @throws Malformed when it holds a character no header value may
     */
    static String checked(String name, String value) throws Malformed {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!(c >= 0x20 && c <= 0x7E || c == '\t')) {
                throw new Malformed("the " + name + " header value holds the character 0x"
                        + Integer.toHexString(c) + "; a header value may hold visible ASCII, space and tab only "
                        + "(encode others as " + SENTINEL_PREFIX + "..." + SENTINEL_SUFFIX + ")");
            }
        }
        return value;
    }

    /**
     * @param name  the header's name, for the message
     * @param value a trimmed value of a header that may use the sentinel; never null
     * @return the value the header carries: {@code value} itself, or what its Base64 sentinel encodes
     * @throws Malformed when it holds a character no header value may, or its sentinel is not strict
     *                   RFC 4648 Base64 (padded, standard alphabet) of UTF-8
     */
    static String decode(String name, String value) throws Malformed {
        checked(name, value);
        if (value.length() < SENTINEL_PREFIX.length() + SENTINEL_SUFFIX.length()
                || !value.startsWith(SENTINEL_PREFIX) || !value.endsWith(SENTINEL_SUFFIX)) {
            return value;
        }
        String encoded = value.substring(SENTINEL_PREFIX.length(), value.length() - SENTINEL_SUFFIX.length());
        // java.util.Base64 accepts missing padding; the spec's Base64 is RFC 4648's, padded
        if (encoded.length() % 4 != 0 || !strictAlphabet(encoded)) {
            throw new Malformed("the " + name + " header value " + value + " is not valid Base64 (RFC 4648: the "
                    + "standard alphabet, padded with '=' to a multiple of 4 characters)");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new Malformed("the " + name + " header value " + value + " is not valid Base64: " + e.getMessage());
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new Malformed("the " + name + " header value " + value + " does not encode UTF-8 text");
        }
    }

    /**
     * The client's side of the rule: a value goes as it is when it is printable ASCII without edge
     * spaces and does not look like the sentinel; any other is sent as the sentinel. Tabs are
     * encoded too, although a header may carry them: no server has to trim them then.
     *
     * @param value never null
     * @return what a header carries for {@code value}
     */
    static String encode(String value) {
        boolean plain = !value.isEmpty() && value.charAt(0) != ' ' && value.charAt(value.length() - 1) != ' '
                && !(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX));
        for (int i = 0; plain && i < value.length(); i++) {
            char c = value.charAt(i);
            plain = c >= 0x20 && c <= 0x7E;
        }
        return plain ? value : SENTINEL_PREFIX
                + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + SENTINEL_SUFFIX;
    }

    private static boolean strictAlphabet(String encoded) {
        int padding = 0;
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c == '=') {
                padding++;
            } else if (padding > 0 || !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
                    || c == '+' || c == '/')) {
                return false;
            }
        }
        return padding <= 2;
    }

    private static boolean isOws(char c) {
        return c == ' ' || c == '\t';
    }
}
