package dev.jmcp.core.internal.template;

/**
 * The eight expression operators of RFC 6570 levels 1 to 3, with the columns of the RFC's
 * appendix A table ({@code first}, {@code sep}, {@code named}, {@code ifemp}, {@code allow}) and
 * what {@link UriTemplateMatcher} needs besides.
 */
enum UriTemplateOperator {
    SIMPLE("", ',', false, "", false, "/?#"),
    RESERVED("", ',', false, "", true, ""),
    FRAGMENT("#", ',', false, "", true, ""),
    LABEL(".", '.', false, "", false, "/?#"),
    PATH("/", '/', false, "", false, "/?#"),
    PATH_PARAMETER(";", ';', true, "", false, "/?#"),
    QUERY("?", '&', true, "=", false, "#"),
    QUERY_CONTINUATION("&", '&', true, "=", false, "#");

    private final String first;
    private final char separator;
    private final boolean named;
    private final String ifEmpty;
    private final boolean allowReserved;
    // characters that never occur raw inside this operator's text when matching. Expansion would
    // have percent-encoded far more; matching is lenient and stops only at the URI's structure.
    private final String forbidden;

    UriTemplateOperator(String first, char separator, boolean named, String ifEmpty,
                        boolean allowReserved, String forbidden) {
        this.first = first;
        this.separator = separator;
        this.named = named;
        this.ifEmpty = ifEmpty;
        this.allowReserved = allowReserved;
        this.forbidden = forbidden;
    }

    /** @return the operator written as {@code c} right after '{', or null when {@code c} is none */
    static UriTemplateOperator of(char c) {
        switch (c) {
            case '+': return RESERVED;
            case '#': return FRAGMENT;
            case '.': return LABEL;
            case '/': return PATH;
            case ';': return PATH_PARAMETER;
            case '?': return QUERY;
            case '&': return QUERY_CONTINUATION;
            default: return null;
        }
    }

    /** @return what precedes the first defined value; empty for SIMPLE and RESERVED */
    String first() {
        return first;
    }

    /** @return whether expansion emits a prefix, which makes the expression optional when matching */
    boolean prefixed() {
        return !first.isEmpty();
    }

    char separator() {
        return separator;
    }

    /** @return whether values are written as {@code name=value} */
    boolean named() {
        return named;
    }

    /** @return what follows the name of a named variable whose value is empty */
    String ifEmpty() {
        return ifEmpty;
    }

    /** @return whether reserved characters and percent-encoded triplets pass through unencoded */
    boolean allowReserved() {
        return allowReserved;
    }

    boolean forbids(char c) {
        return forbidden.indexOf(c) >= 0;
    }
}
