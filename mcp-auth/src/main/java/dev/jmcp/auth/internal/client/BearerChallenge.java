package dev.jmcp.auth.internal.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code Bearer} (or {@code DPoP}, RFC 9449 section 7.1) challenge of a {@code WWW-Authenticate}
 * answer (RFC 6750 section 3, RFC 9728 section 5.1): its auth-params by lower-case name. Other
 * schemes' challenges in the same headers are skipped.
 *
 * @param params never null; empty when the answer had no Bearer challenge
 */
public record BearerChallenge(Map<String, String> params) {
    /** @return {@code resource_metadata}, or null */
    public String resourceMetadata() {
        return params.get("resource_metadata");
    }

    /** @return {@code scope} (space-separated), or null */
    public String scope() {
        return params.get("scope");
    }

    /** @return {@code error}, such as {@code insufficient_scope}, or null */
    public String error() {
        return params.get("error");
    }

    /** @return the Bearer challenge among {@code headers} (the values of every WWW-Authenticate header) */
    public static BearerChallenge parse(List<String> headers) {
        for (String header : headers) {
            Map<String, String> found = bearer(header);
            if (found != null) {
                return new BearerChallenge(Map.copyOf(found));
            }
        }
        return new BearerChallenge(Map.of());
    }

    /** @return the params of the Bearer challenge in one header value, or null when it has none */
    static Map<String, String> bearer(String header) {
        Scanner in = new Scanner(header);
        Map<String, String> current = null;
        boolean inBearer = false;
        while (in.skipSeparators()) {
            String token = in.token();
            if (token.isEmpty()) {
                return inBearer ? current : null; // a character no challenge may have: stop there
            }
            in.skipSpaces();
            if (in.peek() == '=') {
                in.next();
                in.skipSpaces();
                String value = in.peek() == '"' ? in.quoted() : in.token();
                if (inBearer) {
                    current.putIfAbsent(token.toLowerCase(Locale.ROOT), value);
                }
            } else {
                // a scheme begins a new challenge
                if (inBearer) {
                    return current;
                }
                inBearer = token.equalsIgnoreCase("Bearer") || token.equalsIgnoreCase("DPoP");
                current = inBearer ? new LinkedHashMap<>() : null;
            }
        }
        return inBearer ? current : null;
    }

    /** A small reader of RFC 9110 challenge syntax. */
    private static final class Scanner {
        private final String text;
        private int at;

        Scanner(String text) {
            this.text = text;
        }

        char peek() {
            return at < text.length() ? text.charAt(at) : '\0';
        }

        void next() {
            at++;
        }

        /** @return whether anything is left after spaces and commas */
        boolean skipSeparators() {
            while (at < text.length() && (text.charAt(at) == ',' || text.charAt(at) == ' ' || text.charAt(at) == '\t')) {
                at++;
            }
            return at < text.length();
        }

        void skipSpaces() {
            while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == '\t')) {
                at++;
            }
        }

        String token() {
            int start = at;
            while (at < text.length() && isTokenChar(text.charAt(at))) {
                at++;
            }
            return text.substring(start, at);
        }

        String quoted() {
            StringBuilder value = new StringBuilder();
            at++; // the opening quote
            while (at < text.length() && text.charAt(at) != '"') {
                char c = text.charAt(at++);
                if (c == '\\' && at < text.length()) {
                    c = text.charAt(at++);
                }
                value.append(c);
            }
            at++; // the closing quote
            return value.toString();
        }

        /** RFC 9110 tchar, and '/' and ':' too: some servers send a URL unquoted */
        private static boolean isTokenChar(char c) {
            return c > ' ' && c < 127 && "\"(),;<=>?@[\\]{}".indexOf(c) < 0;
        }
    }
}
