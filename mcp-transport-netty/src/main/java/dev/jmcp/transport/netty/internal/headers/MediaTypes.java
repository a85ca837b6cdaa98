package dev.jmcp.transport.netty.internal.headers;

import java.util.Locale;

/** Reads {@code Accept} and {@code Content-Type} headers. */
public final class MediaTypes {
    private MediaTypes() {
    }

    /**
     * @param accept an {@code Accept} header; null accepts everything (RFC 9110, 12.5.1)
     * @param type   such as {@code text/event-stream}
     * @return true when {@code accept} has a range that matches {@code type} with a quality above 0:
     *         the type itself, {@code text/*} or {@code *}{@code /*}
     */
    public static boolean accepts(String accept, String type) {
        if (accept == null) {
            return true;
        }
        // read in place, without splitting: every POST asks this twice
        int slash = type.indexOf('/');
        for (int start = 0, n = accept.length(); start <= n; ) {
            int end = accept.indexOf(',', start);
            end = end < 0 ? n : end;
            int semicolon = accept.indexOf(';', start);
            int rangeEnd = semicolon >= 0 && semicolon < end ? semicolon : end;
            int from = start;
            int to = rangeEnd;
            while (from < to && Character.isWhitespace(accept.charAt(from))) {
                from++;
            }
            while (to > from && Character.isWhitespace(accept.charAt(to - 1))) {
                to--;
            }
            if (matches(accept, from, to - from, type, slash) && !zeroQuality(accept, rangeEnd, end)) {
                return true;
            }
            start = end + 1;
        }
        return false;
    }

    /** @return whether {@code accept}'s range at {@code from} is {@code type}, {@code major/*} or {@code *}{@code /*} */
    private static boolean matches(String accept, int from, int length, String type, int slash) {
        if (length == type.length() && accept.regionMatches(true, from, type, 0, length)) {
            return true;
        }
        if (length == 3 && accept.startsWith("*/*", from)) {
            return true;
        }
        return length == slash + 2 && accept.regionMatches(true, from, type, 0, slash + 1)
                && accept.charAt(from + slash + 1) == '*';
    }

    /** @return whether the parameters of a range, {@code accept} from {@code from} to {@code end}, say q=0 */
    private static boolean zeroQuality(String accept, int from, int end) {
        if (from >= end) {
            return false;
        }
        for (String part : accept.substring(from + 1, end).split(";")) {
            String parameter = part.strip().toLowerCase(Locale.ROOT);
            if (parameter.startsWith("q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2)) <= 0;
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return false;
    }

    /** @return whether a {@code Content-Type} header names {@code type}, ignoring parameters such as charset */
    public static boolean is(String contentType, String type) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String bare = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip();
        return bare.equalsIgnoreCase(type);
    }

    /**
     * @return whether a request's {@code Content-Type} says UTF-8 JSON: {@code application/json} with
     *         no charset (JSON is UTF-8, RFC 8259) or {@code charset=utf-8}; a body in another charset
     *         would be read as UTF-8 and misread, so it is refused instead
     */
    public static boolean isUtf8Json(String contentType) {
        if (!is(contentType, McpHeaders.JSON)) {
            return false;
        }
        if (contentType.indexOf(';') < 0) {
            return true;
        }
        String[] parts = contentType.split(";");
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip().toLowerCase(Locale.ROOT);
            if (parameter.startsWith("charset=")) {
                String charset = parameter.substring("charset=".length()).replace("\"", "");
                return charset.equals("utf-8") || charset.equals("utf8");
            }
        }
        return true;
    }
}
