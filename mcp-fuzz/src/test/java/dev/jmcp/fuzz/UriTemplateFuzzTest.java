package dev.jmcp.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jmcp.core.resources.UriTemplate;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * RFC 6570 templates, parsed, expanded and matched: parsing refuses with
 * {@link IllegalArgumentException} only, matching never throws, and whatever {@link UriTemplate#match}
 * reads out of an expanded URI, expanded again, matches to the same values. (Not that it expands
 * back to the same URI: a value that holds the literal after it is split there, which the matcher
 * documents, and the lenient match then takes characters into the next value that expansion
 * encodes; seed {@code value-holds-the-next-literal}.) Templates with adjacent expressions are
 * only parsed, expanded and matched: which expression takes a piece is then a guess the matcher
 * documents (seed {@code adjacent-expressions-repeated-variable}).
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
        String uri = template.expand(values);
        if (lines[0].contains("}{")) {
            return; // adjacent expressions: the matcher documents that it cannot tell them apart
        }
        template.match(uri).ifPresent(read -> assertEquals(Optional.of(read), template.match(template.expand(read)),
                () -> template + " expanded " + values + " to " + uri + ", matched " + read
                        + ", which expands to " + template.expand(read)));
    }
}
