package dev.jmcp.transport.netty.internal.auth;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.Locale;

/**
 * Reads the bearer token of a request from its {@code Authorization} header (RFC 6750 section 2.1;
 * MCP allows no other place: never the query string). The outcome is a token, none, or a header that
 * is not one token, each of which the gate answers differently.
 */
final class BearerTokens {
    /** No bearer token: no header, or a header of another scheme. */
    static final String NONE = "";

    private BearerTokens() {
    }

    /**
     * @return the token; {@link #NONE} when there is none
     * @throws IllegalArgumentException when the header is repeated, or is {@code Bearer} with something
     *         other than one {@code b64token}, saying which (never quoting it)
     */
    static String of(HttpHeaders headers) {
        List<String> values = headers.getAll(HttpHeaderNames.AUTHORIZATION);
        if (values.isEmpty()) {
            return NONE;
        }
        if (values.size() > 1) {
            throw new IllegalArgumentException("the request has " + values.size() + " Authorization headers; one is allowed");
        }
        String value = values.get(0).strip();
        int space = value.indexOf(' ');
        String scheme = space < 0 ? value : value.substring(0, space);
        if (!scheme.toLowerCase(Locale.ROOT).equals("bearer")) {
            return NONE;
        }
        String token = space < 0 ? "" : value.substring(space + 1).strip();
        if (token.isEmpty()) {
            throw new IllegalArgumentException("the Authorization header says Bearer but holds no token");
        }
        for (int i = 0; i < token.length(); i++) {
            if (!b64token(token.charAt(i), i)) {
                throw new IllegalArgumentException("the bearer token is not an RFC 6750 b64token (a character at "
                        + i + " is not allowed)");
            }
        }
        return token;
    }

    /** RFC 6750: 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=" */
    private static boolean b64token(char c, int at) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/' || (c == '=' && at > 0);
    }
}
