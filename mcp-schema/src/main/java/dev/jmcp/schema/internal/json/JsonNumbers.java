package dev.jmcp.schema.internal.json;

/** The JSON number grammar (RFC 8259, section 6), which BigDecimal's is wider than. */
final class JsonNumbers {
    private JsonNumbers() {
    }

    /** @return whether {@code text} is {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?} */
    static boolean valid(String text) {
        int i = 0;
        int n = text.length();
        if (i < n && text.charAt(i) == '-') {
            i++;
        }
        if (i < n && text.charAt(i) == '0') {
            i++;
        } else {
            int start = i;
            i = digits(text, i);
            if (i == start) {
                return false;
            }
        }
        if (i < n && text.charAt(i) == '.') {
            int start = ++i;
            i = digits(text, i);
            if (i == start) {
                return false;
            }
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i++;
            if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                i++;
            }
            int start = i;
            i = digits(text, i);
            if (i == start) {
                return false;
            }
        }
        return i == n;
    }

    private static int digits(String text, int i) {
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            i++;
        }
        return i;
    }
}
