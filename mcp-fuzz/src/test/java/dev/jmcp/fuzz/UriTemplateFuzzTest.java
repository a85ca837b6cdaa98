package dev.jmcp.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jmcp.core.internal.template.UriTemplate;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * RFC 6570 templates, parsed, expanded and matched: parsing refuses with
 * {@link IllegalArgumentException} only, matching never throws, and whatever
 * {@link UriTemplate#match} reads out of an expanded URI, expanded again, matches to the same
 * values, when every variable has a value that is not empty and holds no character of the template.
 *
 * <p>The matcher documents that it cannot split right where a value holds the literal or separator
 * that bounds it, nor between adjacent expressions, nor tell an empty value from a missing one, and
 * that it gives the pieces of {@code {x,y}} to the variables in order whichever is undefined. The
 * fuzzer found each (seeds {@code value-holds-the-next-literal},
 * {@code value-holds-the-literal-after-an-empty-name}, {@code adjacent-expressions-repeated-variable},
 * {@code undefined-variable-taken-by-position}), so such inputs are only parsed, expanded and
 * matched. A strict {@code expand(match(uri)) == uri} fails on them for the same reasons.
 */
class UriTemplateFuzzTest {

    /**
     * @param input UTF-8 lines: a template, then a value for each of its variables in order (fewer
     *              lines leave the rest undefined); the last line is also matched as a URI of its own
     */
    @FuzzTest
    void whatMatchReadsOutOfAnExpansionMatchesTheSameOnceExpanded(byte[] input) {
        String[] lines = new String(input, StandardCharsets.UTF_8).split("\n", -1);
        UriTemplate template;
        try {
            template = UriTemplate.parse(lines[0]);
        } catch (IllegalArgumentException refused) {
            return;
        }
        template.match(lines[lines.length - 1]);
        List<String> names = template.variableNames();
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < names.size() && i + 1 < lines.length; i++) {
            values.put(names.get(i), lines[i + 1]);
        }
        template.match(template.expand(values));
        if (lines[0].contains("}{")) {
            return; // adjacent expressions: the matcher documents that it cannot tell them apart
        }
        values.values().removeIf(value -> value.isEmpty() || value.chars().anyMatch(c -> lines[0].indexOf(c) >= 0));
        if (values.size() < names.size()) {
            return; // an undefined variable: {x,y} gives its pieces to the variables in order, as documented
        }
        String plain = template.expand(values);
        template.match(plain).ifPresent(read -> assertEquals(Optional.of(read), template.match(template.expand(read)),
                () -> template + " expanded " + values + " to " + plain + ", matched " + read
                        + ", which expands to " + template.expand(read)));
    }
}
