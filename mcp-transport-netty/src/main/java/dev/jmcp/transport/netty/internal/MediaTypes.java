package dev.jmcp.transport.netty.internal;

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
        String wanted = type.toLowerCase(Locale.ROOT);
        String wantedMajor = wanted.substring(0, wanted.indexOf('/'));
        for (String element : accept.split(",")) {
            String[] parts = element.split(";");
            String range = parts[0].strip().toLowerCase(Locale.ROOT);
            if (!(range.equals(wanted) || range.equals("*/*") || range.equals(wantedMajor + "/*"))) {
                continue;
            }
            if (!zeroQuality(parts)) {
                return true;
            }
        }
        return false;
    }

    private static boolean zeroQuality(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip().toLowerCase(Locale.ROOT);
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
