package dev.jmcp.core.internal.template;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The inverse of expansion for {@link UriTemplate#match}: one left-to-right pass, no
 * backtracking, so the work is linear in the URI's length (times the length of a literal).
 *
 * <p>Each expression decides where its text ends from what follows it in the template, worked
 * out once here as a {@link Bound}: the expression just before the template's final literal (or
 * at its very end) is anchored to the end of the URI; any other stops at the first occurrence of
 * the next literal, or at the prefix character of an optional expression between it and that
 * literal.
 */
final class UriTemplateMatcher {
    private final List<UriTemplatePart> parts;
    private final List<Bound> bounds;

    /**
     * Where an expression's text may end.
     *
     * @param anchored     the text ends exactly {@code suffixLength} characters before the URI's end
     * @param suffixLength the length of the final literal when anchored
     * @param literal      the first literal after the expression, which ends its text where it
     *                     first occurs; null when anchored or when none follows
     * @param prefixes     the prefix characters of the optional expressions that may come next
     */
    private record Bound(boolean anchored, int suffixLength, String literal, String prefixes) {
        boolean literalAt(String uri, int position) {
            return literal != null && uri.startsWith(literal, position);
        }
    }

    UriTemplateMatcher(List<UriTemplatePart> parts) {
        this.parts = parts;
        List<Bound> list = new ArrayList<>(parts.size());
        for (int i = 0; i < parts.size(); i++) {
            list.add(parts.get(i) instanceof UriTemplatePart.Expression ? bound(i) : null);
        }
        this.bounds = Collections.unmodifiableList(list);
    }

    private Bound bound(int index) {
        int last = parts.size() - 1;
        if (index == last) {
            return new Bound(true, 0, null, "");
        }
        if (index == last - 1 && parts.get(last) instanceof UriTemplatePart.Literal literal) {
            return new Bound(true, literal.encoded().length(), null, "");
        }
        StringBuilder prefixes = new StringBuilder();
        for (int j = index + 1; j < parts.size(); j++) {
            UriTemplatePart part = parts.get(j);
            if (part instanceof UriTemplatePart.Literal literal) {
                return new Bound(false, 0, literal.encoded(), prefixes.toString());
            }
            UriTemplateOperator operator = ((UriTemplatePart.Expression) part).operator();
            if (!operator.prefixed()) {
                break; // an expression that cannot be absent: nothing after it bounds this one
            }
            prefixes.append(operator.first());
        }
        return new Bound(false, 0, null, prefixes.toString());
    }

    Optional<Map<String, String>> match(String uri) {
        Map<String, String> values = new LinkedHashMap<>();
        int position = 0;
        for (int i = 0; i < parts.size(); i++) {
            UriTemplatePart part = parts.get(i);
            if (part instanceof UriTemplatePart.Literal literal) {
                if (!uri.startsWith(literal.encoded(), position)) {
                    return Optional.empty();
                }
                position += literal.encoded().length();
                continue;
            }
            Bound bound = bounds.get(i);
            int limit = uri.length() - bound.suffixLength();
            if (limit < position) {
                return Optional.empty();
            }
            position = expression((UriTemplatePart.Expression) part, bound, uri, position, limit, values);
            if (position < 0 || (bound.anchored() && position != limit)) {
                return Optional.empty();
            }
        }
        return position == uri.length() ? Optional.of(Collections.unmodifiableMap(values)) : Optional.empty();
    }

    /** @return the index after the expression's text, or -1 when it cannot match here */
    private static int expression(UriTemplatePart.Expression expression, Bound bound, String uri,
                                  int start, int limit, Map<String, String> values) {
        UriTemplateOperator operator = expression.operator();
        List<String> names = expression.names();
        int p = start;
        if (operator.prefixed()) {
            // absent means every variable was undefined; a literal that starts here claims the text
            if (p >= limit || uri.charAt(p) != operator.first().charAt(0) || bound.literalAt(uri, p)) {
                return start;
            }
            p++;
        }
        boolean split = operator.named() || names.size() > 1;
        char separator = operator.separator();
        List<String> pieces = new ArrayList<>(names.size());
        while (true) {
            int pieceStart = p;
            while (p < limit && !bound.literalAt(uri, p)) {
                char c = uri.charAt(p);
                if ((split && c == separator) || operator.forbids(c) || bound.prefixes().indexOf(c) >= 0) {
                    break;
                }
                p++;
            }
            pieces.add(uri.substring(pieceStart, p));
            // a separator goes on with this expression while it has variables left, even when it
            // is also the prefix of the next expression ({/a,b}{/c})
            if (split && pieces.size() < names.size() && p < limit && uri.charAt(p) == separator
                    && !bound.literalAt(uri, p)) {
                p++;
            } else {
                break;
            }
        }
        if (!operator.prefixed() && p == start) {
            return -1; // {var} and {+var} match one or more characters
        }
        return assign(expression, pieces, values) ? p : -1;
    }

    private static boolean assign(UriTemplatePart.Expression expression, List<String> pieces,
                                  Map<String, String> values) {
        UriTemplateOperator operator = expression.operator();
        if (!operator.named()) {
            for (int k = 0; k < pieces.size(); k++) {
                if (!put(values, expression.names().get(k), operator, pieces.get(k))) {
                    return false;
                }
            }
            return true;
        }
        Set<String> seen = new HashSet<>();
        for (String piece : pieces) {
            int equals = piece.indexOf('=');
            String name = equals < 0 ? piece : piece.substring(0, equals);
            if (!expression.names().contains(name) || !seen.add(name)) {
                return false;
            }
            // "name" and "name=" both mean empty, whichever the operator's ifemp is
            if (!put(values, name, operator, equals < 0 ? "" : piece.substring(equals + 1))) {
                return false;
            }
        }
        return true;
    }

    /** @return false when the text is not valid percent-encoding or a repeated variable differs */
    private static boolean put(Map<String, String> values, String name, UriTemplateOperator operator, String text) {
        String value = operator.allowReserved() ? text : UriTemplateEncoding.decode(text);
        if (value == null) {
            return false;
        }
        String earlier = values.putIfAbsent(name, value);
        return earlier == null || earlier.equals(value);
    }
}
