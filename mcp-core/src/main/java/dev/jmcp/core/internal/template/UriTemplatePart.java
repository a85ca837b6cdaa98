package dev.jmcp.core.internal.template;

import java.util.List;

/** One piece of a parsed {@link UriTemplate}: literal text or an expression. */
sealed interface UriTemplatePart permits UriTemplatePart.Literal, UriTemplatePart.Expression {

    /**
     * Literal text.
     *
     * @param text    as written in the template; never empty
     * @param encoded as expansion emits it: characters the URI syntax does not allow (non-ASCII)
     *                percent-encoded as UTF-8. Matching compares against this form.
     */
    record Literal(String text, String encoded) implements UriTemplatePart { }

    /**
     * An expression such as {@code {?x,y}}.
     *
     * @param operator how the variables expand
     * @param names    the variables in template order; at least one; duplicates allowed, as the RFC
     *                 allows them
     */
    record Expression(UriTemplateOperator operator, List<String> names) implements UriTemplatePart {
        public Expression {
            names = List.copyOf(names);
        }
    }
}
