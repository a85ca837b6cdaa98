package dev.jmcp.core.internal.template;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses RFC 6570 template text (section 2) into parts, accepting levels 1 to 3 only. Each error
 * names the problem and its 0-based position.
 */
final class UriTemplateParser {
    // RFC 6570 section 2.1: besides '{', '}' and '%', which are handled on their own
    private static final String NOT_LITERAL = " \"'<>\\^`|";
    private static final String RESERVED_OPERATORS = "=,!@|";

    private final String template;

    private UriTemplateParser(String template) {
        this.template = template;
    }

    static List<UriTemplatePart> parse(String template) {
        return new UriTemplateParser(template).parts();
    }

    private List<UriTemplatePart> parts() {
        List<UriTemplatePart> parts = new ArrayList<>();
        int literalStart = 0;
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '{') {
                int close = template.indexOf('}', i + 1);
                if (close < 0) {
                    throw error(i, "unclosed expression: '{' has no matching '}'");
                }
                addLiteral(parts, literalStart, i);
                parts.add(expression(i, close));
                i = close + 1;
                literalStart = i;
            } else {
                i = literalCharacter(i, c);
            }
        }
        addLiteral(parts, literalStart, template.length());
        return parts;
    }

    /** @return the index after the literal character (or triplet, or surrogate pair) at {@code i} */
    private int literalCharacter(int i, char c) {
        if (c == '}') {
            throw error(i, "'}' has no matching '{'");
        }
        if (c == '%') {
            if (!UriTemplateEncoding.isTriplet(template, i)) {
                throw error(i, "'%' must start a percent-encoded triplet such as %20");
            }
            return i + 3;
        }
        if (c < 0x20 || c == 0x7F || NOT_LITERAL.indexOf(c) >= 0) {
            throw error(i, "character " + describe(c) + " is not allowed in a URI template; percent-encode it");
        }
        if (Character.isHighSurrogate(c) && i + 1 < template.length()
                && Character.isLowSurrogate(template.charAt(i + 1))) {
            return i + 2;
        }
        if (Character.isSurrogate(c)) {
            throw error(i, "unpaired surrogate " + describe(c));
        }
        return i + 1;
    }

    private void addLiteral(List<UriTemplatePart> parts, int start, int end) {
        if (start < end) {
            String text = template.substring(start, end);
            StringBuilder encoded = new StringBuilder(text.length());
            // a validated literal holds only URI characters, triplets and non-ASCII, which is
            // exactly what reserved expansion keeps or encodes (RFC 6570 section 3.1)
            UriTemplateEncoding.encode(text, true, encoded, "literal");
            parts.add(new UriTemplatePart.Literal(text, encoded.toString()));
        }
    }

    private UriTemplatePart.Expression expression(int open, int close) {
        int i = open + 1;
        if (i == close) {
            throw error(open, "empty expression '{}'");
        }
        char c = template.charAt(i);
        UriTemplateOperator operator = UriTemplateOperator.of(c);
        if (operator != null) {
            i++;
        } else if (RESERVED_OPERATORS.indexOf(c) >= 0) {
            throw error(i, "operator '" + c + "' is reserved by RFC 6570 for future extensions and not supported");
        } else {
            operator = UriTemplateOperator.SIMPLE;
        }
        List<String> names = new ArrayList<>();
        while (true) {
            int start = i;
            i = variableName(i, close);
            names.add(template.substring(start, i));
            if (i == close) {
                return new UriTemplatePart.Expression(operator, names);
            }
            char next = template.charAt(i);
            if (next == ':' || next == '*') {
                throw error(i, "level 4 modifier '" + next + "' is not supported; only levels 1 to 3 are");
            }
            i++; // a ','
        }
    }

    /** @return the index after the varname (RFC 6570 section 2.3) that starts at {@code start} */
    private int variableName(int start, int close) {
        int i = start;
        while (i < close) {
            char c = template.charAt(i);
            if (c == ',' || c == ':' || c == '*') {
                break;
            }
            if (c == '.') {
                if (i == start || template.charAt(i - 1) == '.') {
                    throw error(i, "'.' in a variable name must follow a name character");
                }
                i++;
            } else if (c == '%') {
                if (!UriTemplateEncoding.isTriplet(template, i)) {
                    throw error(i, "'%' in a variable name must start a percent-encoded triplet");
                }
                i += 3;
            } else if (c == '_' || (c < 128 && Character.isLetterOrDigit(c))) {
                i++;
            } else {
                throw error(i, "character " + describe(c) + " is not allowed in a variable name");
            }
        }
        if (i == start) {
            throw error(i, "empty variable name");
        }
        if (template.charAt(i - 1) == '.') {
            throw error(i - 1, "a variable name must not end with '.'");
        }
        return i;
    }

    private static String describe(char c) {
        return c > 0x20 && c < 0x7F ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }

    private IllegalArgumentException error(int position, String problem) {
        return new IllegalArgumentException(problem + " at position " + position + " of URI template \"" + template + "\"");
    }
}
