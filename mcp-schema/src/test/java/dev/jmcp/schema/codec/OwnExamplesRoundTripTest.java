package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.McpMethods;
import dev.jmcp.schema.codec.SpecExamples.Example;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The project's own examples ({@link OwnExamples}: every revision from 2024-11-05 to 2026-07-28, and
 * SEP-2093's shapes) round-trip (see {@link RoundTrips}). They are in the clone, so these tests
 * always run, with or without the spec material beside it.
 */
class OwnExamplesRoundTripTest {
    private static final Map<String, List<Example>> EXAMPLES = OwnExamples.byRevision();

    @TestFactory
    List<DynamicNode> everyOwnExampleRoundTrips() {
        List<DynamicNode> nodes = new ArrayList<>();
        EXAMPLES.forEach((revision, examples) -> nodes.add(dynamicContainer(
                "own " + revision + " (" + examples.size() + " examples)", examples.stream()
                        .map(example -> dynamicTest(example.name(), () -> RoundTrips.check(example, null,
                                RoundTrips.pendingFor(example, null, Map.of()))))
                        .collect(Collectors.toList()))));
        return nodes;
    }

    @Test
    void thereAreExamplesOfEveryRevisionAndOfSep2093AndSep2640() {
        Set<String> expected = new TreeSet<>(ProtocolVersions.SUPPORTED);
        expected.add("sep-2093");
        expected.add("sep-2640");
        assertEquals(expected, EXAMPLES.keySet());
    }

    /** So that a method, result record or error code added to jmcp cannot go without an example. */
    @Test
    void everyModelledMethodResultAndErrorCodeHasAnExample() throws IllegalAccessException {
        Set<String> methods = new TreeSet<>();
        Set<String> results = new TreeSet<>();
        Set<Integer> codes = new TreeSet<>();
        for (List<Example> examples : EXAMPLES.values()) {
            for (Example example : examples) {
                JsonValue tree = JsonTrees.parse(example.text());
                for (JsonValue value : tree instanceof JsonArray array ? array : List.of(tree)) {
                    JsonObject object = value.asJsonObject();
                    if (object.get("method") instanceof JsonString method) {
                        methods.add(method.getString());
                    }
                    JsonObject error = object.containsKey("error") ? object.getJsonObject("error") : object;
                    if (error.containsKey("code") && error.containsKey("message")) {
                        codes.add(error.getInt("code"));
                    }
                }
                String answers = RoundTrips.RESPONSE_METHODS.get(example.exampleType());
                McpMethod<?, ?> method = McpMethods.byName(answers);
                if (method != null) {
                    results.add("InputRequiredResultResponse".equals(example.exampleType())
                            ? InputRequiredResult.class.getSimpleName() : method.resultType().getSimpleName());
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (McpMethod<?, ?> method : McpMethods.all()) {
            if (!methods.contains(method.name())) {
                missing.add("a message of " + method.name());
            }
            if (method.resultType() != null && !results.contains(method.resultType().getSimpleName())) {
                missing.add("a response with a " + method.resultType().getSimpleName());
            }
        }
        if (!results.contains(InputRequiredResult.class.getSimpleName())) {
            missing.add("a response with an InputRequiredResult");
        }
        for (Field field : ErrorCodes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class
                    && !codes.contains(field.getInt(null))) {
                missing.add("an error with code " + field.getInt(null) + " (" + field.getName() + ")");
            }
        }
        assertTrue(missing.isEmpty(), "the own examples lack " + String.join("; ", missing));
    }
}
