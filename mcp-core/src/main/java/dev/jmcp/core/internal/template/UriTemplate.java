package dev.jmcp.core.internal.template;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An RFC 6570 URI template of level 1 to 3, as MCP resource templates use them: expands variables
 * into a URI, and matches a concrete URI back to the variables, to route {@code resources/read}.
 *
 * <p>Supported: literals; simple {@code {var}}; reserved {@code {+var}}; fragment
 * {@code {#var}}; label {@code {.var}}; path segment {@code {/var}}; path-style parameter
 * {@code {;var}}; form query {@code {?var}} and continuation {@code {&var}}; several
 * comma-separated variables in one expression. Level 4 (prefix {@code :3} and explode {@code *}
 * modifiers, lists and maps) is not: such templates are refused by {@link #parse}.
 *
 * <p>Instances are immutable and thread-safe; equal when their template text is equal.
 *
 * @since 0.1
 */
public final class UriTemplate {
    private final String template;
    private final List<UriTemplatePart> parts;
    private final List<String> variableNames;
    private final UriTemplateMatcher matcher;

    private UriTemplate(String template, List<UriTemplatePart> parts) {
        this.template = template;
        this.parts = List.copyOf(parts);
        Set<String> names = new LinkedHashSet<>();
        for (UriTemplatePart part : this.parts) {
            if (part instanceof UriTemplatePart.Expression expression) {
                names.addAll(expression.names());
            }
        }
        this.variableNames = List.copyOf(names);
        this.matcher = new UriTemplateMatcher(this.parts);
    }

    /**
     * Parses and validates a template.
     *
     * @param template the template text, such as {@code "db://{table}/rows{?limit,offset}"}; never
     *                 null; may hold no expression at all
     * @return the template
     * @throws IllegalArgumentException when the text is not a level 1 to 3 template: an unclosed
     *                                  or unopened brace, an empty expression or variable name, a
     *                                  character a variable name or a literal may not hold, a
     *                                  level 4 modifier ({@code :} or {@code *}) or an operator the
     *                                  RFC reserves ({@code = , ! @ |}). The message names the
     *                                  problem and its 0-based position.
     */
    public static UriTemplate parse(String template) {
        Objects.requireNonNull(template, "template");
        return new UriTemplate(template, UriTemplateParser.parse(template));
    }

    /** @return the template text as given to {@link #parse}; never null */
    public String template() {
        return template;
    }

    /**
     * @return the names of the template's variables, each once, in the order they first appear;
     *         unmodifiable, never null
     */
    public List<String> variableNames() {
        return variableNames;
    }

    /**
     * Expands the template as RFC 6570 section 3.2 defines for levels 1 to 3. Values are
     * percent-encoded as UTF-8: everything outside the unreserved set, except that {@code {+var}}
     * and {@code {#var}} let reserved characters and existing percent-encoded triplets through.
     * A variable that is absent from {@code variables}, or mapped to null, is undefined and is
     * skipped together with its separator; an expression whose variables are all undefined
     * expands to nothing, its prefix ({@code ?}, {@code /}, ...) included. An empty string is
     * defined: {@code {?x}} gives {@code ?x=} and {@code {;x}} gives {@code ;x}.
     *
     * @param variables the values by variable name; never null; names the template does not use
     *                  are ignored
     * @return the URI; never null
     * @throws IllegalArgumentException when a value holds an unpaired surrogate, which has no
     *                                  UTF-8 form
     */
    public String expand(Map<String, String> variables) {
        Objects.requireNonNull(variables, "variables");
        StringBuilder out = new StringBuilder(template.length() + 16);
        for (UriTemplatePart part : parts) {
            if (part instanceof UriTemplatePart.Literal literal) {
                out.append(literal.encoded());
            } else {
                expand((UriTemplatePart.Expression) part, variables, out);
            }
        }
        return out.toString();
    }

    private static void expand(UriTemplatePart.Expression expression, Map<String, String> variables,
                               StringBuilder out) {
        UriTemplateOperator operator = expression.operator();
        boolean first = true;
        for (String name : expression.names()) {
            String value = variables.get(name);
            if (value == null) {
                continue;
            }
            if (first) {
                out.append(operator.first());
                first = false;
            } else {
                out.append(operator.separator());
            }
            if (operator.named()) {
                out.append(name);
                if (value.isEmpty()) {
                    out.append(operator.ifEmpty());
                    continue;
                }
                out.append('=');
            }
            UriTemplateEncoding.encode(value, operator.allowReserved(), out, "value of variable '" + name + "'");
        }
    }

    /**
     * Matches a concrete URI against the template and extracts the variables: the inverse of
     * {@link #expand} for the cases routing needs. One left-to-right pass without backtracking,
     * so its time is linear in the length of {@code uri}.
     *
     * <ul>
     *   <li>A {@code {var}} matches one or more characters other than {@code / ? #}; a
     *       {@code {+var}} one or more of any character, so it may span {@code /}. Label,
     *       path-segment and path-parameter values stop at {@code / ? #}, query values at
     *       {@code #}. Matching is lenient here: expansion would have encoded more characters.</li>
     *   <li>Values are percent-decoded as UTF-8, except those of {@code {+var}} and {@code {#var}},
     *       which are returned as the raw text. Text that is not valid percent-encoding or UTF-8
     *       does not match.</li>
     *   <li>{@code {?x,y}}, {@code {&x,y}} and {@code {;x,y}} accept their variables in any order,
     *       each at most once, any of them absent, {@code x} and {@code x=} both as empty; a name
     *       the expression does not list makes the URI not match. Other operators assign the
     *       pieces between separators to the variables in order, so in {@code {x,y}} the text
     *       {@code 1} gives {@code x=1} and leaves {@code y} out.</li>
     *   <li>An expression just before the template's final literal, or at its end, is anchored to
     *       the end of the URI ({@code {+path}/here} gives {@code path=/here/x} for
     *       {@code /here/x/here}); any other ends where the next literal first occurs, or at the
     *       prefix of an optional expression that follows ({@code {name}{.ext}} splits
     *       {@code a.tar.gz} into {@code a} and {@code tar.gz}).</li>
     *   <li>Without backtracking, some URIs that expansion could produce are not matched:
     *       adjacent expressions that nothing tells apart ({@code {+path}{var}}); a value that
     *       holds the literal or the prefix that bounds it; several variables in one {@code +},
     *       {@code #} or {@code .} expression whose values hold the separator. An undefined
     *       variable or an empty {@code {var}} cannot be told from a missing one; the result
     *       leaves out variables that are undefined.</li>
     *   <li>A variable used twice must get the same value at both places.</li>
     * </ul>
     *
     * @param uri a concrete URI; never null
     * @return the values of the variables that are defined, by name, in template order,
     *         unmodifiable; empty when {@code uri} does not match
     */
    public Optional<Map<String, String>> match(String uri) {
        Objects.requireNonNull(uri, "uri");
        return matcher.match(uri);
    }

    /**
     * @param uri a concrete URI; never null
     * @return whether {@link #match} finds values for {@code uri}
     */
    public boolean matches(String uri) {
        return match(uri).isPresent();
    }

    /** @return true when {@code other} is a {@code UriTemplate} with the same template text */
    @Override
    public boolean equals(Object other) {
        return other instanceof UriTemplate that && template.equals(that.template);
    }

    @Override
    public int hashCode() {
        return template.hashCode();
    }

    /** @return the template text, as {@link #template()} */
    @Override
    public String toString() {
        return template;
    }
}
