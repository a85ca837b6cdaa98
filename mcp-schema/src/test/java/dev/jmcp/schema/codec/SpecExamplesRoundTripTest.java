package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.SpecExampleFixes.Fix;
import dev.jmcp.schema.codec.SpecExamples.Example;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.common.ResultType;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every JSON example of the seeds and of the spec pages and example files round-trips (see
 * {@link RoundTrips}). Examples that cannot be taken as printed are in the reviewed list of
 * {@link SpecExampleFixes}. This material is not part of the clone: when {@link SharedMaterial}
 * does not find it, these tests are reported as skipped, and the project's own examples
 * ({@link OwnExamplesRoundTripTest}) are still checked.
 */
class SpecExamplesRoundTripTest {
    private static final McpCodec CODEC = McpCodec.defaults();

    /** The fewest examples each source must yield, so that a broken extractor cannot pass with none. */
    private static final Map<String, Integer> MINIMUM_EXAMPLES = Map.of(
            "seed 2024-11-05 resources", 16,
            "seed SEP-2093", 3,
            "spec 2025-11-25 pages", 55,
            "spec 2026-07-28 pages", 30,
            "spec 2026-07-28 examples", 60);

    @TestFactory
    List<DynamicNode> everySpecExampleRoundTrips() {
        Optional<Path> found = SharedMaterial.find();
        if (found.isEmpty()) {
            // a factory that aborts is not reported at all: this test is, as skipped, with the reason
            return List.of(dynamicTest("the spec material is there", SharedMaterial::dir));
        }
        Path shared = found.get();
        Map<String, List<Example>> sources = new LinkedHashMap<>();
        sources.put("seed 2024-11-05 resources", SpecExamples.seed2024(shared));
        sources.put("seed SEP-2093", SpecExamples.seedSep2093(shared));
        sources.put("spec 2025-11-25 pages", SpecExamples.spec2025(shared));
        sources.put("spec 2026-07-28 pages", SpecExamples.spec2026(shared));
        sources.put("spec 2026-07-28 examples", SpecExamples.examples2026(shared));

        Map<Fix, Example> used = new IdentityHashMap<>();
        List<DynamicNode> nodes = new ArrayList<>();
        for (Map.Entry<String, List<Example>> source : sources.entrySet()) {
            List<Example> examples = source.getValue();
            int minimum = MINIMUM_EXAMPLES.get(source.getKey());
            List<DynamicNode> tests = new ArrayList<>();
            tests.add(dynamicTest("yields at least " + minimum + " examples (found " + examples.size() + ")",
                    () -> assertTrue(examples.size() >= minimum, source.getKey() + ": found " + examples.size()
                            + " JSON examples, expected at least " + minimum + "; is the extractor broken?")));
            Map<String, Map<RequestId, String>> requestsByDocument = new HashMap<>();
            for (Example example : examples) {
                Fix fix = fixFor(example, used);
                Map<RequestId, String> earlier = requestsByDocument.computeIfAbsent(example.document(), d -> new HashMap<>());
                PendingRequests pending = RoundTrips.pendingFor(example, fix, Map.copyOf(earlier));
                rememberRequests(example, fix, earlier);
                tests.add(dynamicTest(example.name(), () -> RoundTrips.check(example, fix, pending)));
            }
            nodes.add(dynamicContainer(source.getKey() + " (" + examples.size() + " examples)", tests));
        }
        nodes.add(dynamicTest("the list of fixes matches the examples exactly", () -> {
            List<String> stale = SpecExampleFixes.FIXES.stream().filter(f -> !used.containsKey(f)).map(Fix::name)
                    .collect(Collectors.toList());
            assertTrue(stale.isEmpty(), "these fixes match no example any more; review and remove them: " + stale);
        }));
        return nodes;
    }

    @Test
    void gomcpSeedHasNoJsonExamples() {
        Path shared = SharedMaterial.dir();
        String text = SpecExamples.read(shared.resolve("seeds/gomcp-protocol-resources.txt"));
        assertTrue(text.contains("resources/list"), "the gomcp seed is not the expected document");
        // the seed is plain text: it describes messages in prose and has no fenced JSON at all
        assertEquals(-1, text.indexOf("```"), "the gomcp seed now has fenced blocks; extract them");
        assertEquals(List.of(), SpecExamples.seedGomcp(shared));
    }

    /**
     * The 2026-07-28 pages say that resources/read may be answered with an InputRequiredResult (the
     * mrtr page lists it among the requests the pattern applies to), and McpMethods says the codec
     * tells the two results apart by resultType. The page's example, read as that answer, must
     * become an InputRequiredResult and round-trip.
     */
    @Test
    void mrtrInputRequiredExampleReadsAsTheAnswerToResourcesRead() throws Exception {
        List<String> blocks = SpecExamples.jsonBlocks(SpecExamples.read(
                SharedMaterial.dir().resolve("spec/2026-07-28/basic/patterns/mrtr.mdx")));
        String printed = SpecExampleFixes.stripLineComments(blocks.get(2));
        PendingRequests read = id -> McpMethodNames.RESOURCES_READ;
        JsonRpcPayload message = CODEC.read(printed.getBytes(StandardCharsets.UTF_8), read);
        JsonRpcResultResponse response = assertInstanceOf(JsonRpcResultResponse.class, message);
        InputRequiredResult result = assertInstanceOf(InputRequiredResult.class, response.result(),
                "an input_required answer to resources/read");
        assertEquals(ResultType.INPUT_REQUIRED, result.resultType());
        assertEquals("AEAD-protected blob", result.requestState());
        assertEquals(List.of("github_login", "capital_of_france"), List.copyOf(result.inputRequests().keySet()));
        JsonTrees.assertJsonEquals(JsonTrees.parse(printed), JsonTrees.parse(CODEC.toBytes(message)), "written");
        assertEquals(message, CODEC.read(CODEC.toBytes(message), read));
    }

    /** The retried resources/read carries the page's InputResponses example and the request state. */
    @Test
    void resourcesReadRetryCarriesTheMrtrInputResponses() {
        List<String> blocks = SpecExamples.jsonBlocks(SpecExamples.read(
                SharedMaterial.dir().resolve("spec/2026-07-28/basic/patterns/mrtr.mdx")));
        JsonObject responses = JsonTrees.parse(blocks.get(1)).asJsonObject();
        Map<String, JsonObject> inputResponses = new LinkedHashMap<>();
        responses.forEach((key, value) -> inputResponses.put(key, value.asJsonObject()));
        JsonRpcRequest retry = new JsonRpcRequest(RequestId.of(2), McpMethodNames.RESOURCES_READ,
                new ReadResourceRequestParams("file:///private/report.md", inputResponses, "AEAD-protected blob", null));
        byte[] written = CODEC.toBytes(retry);
        JsonTrees.assertJsonEquals(JsonTrees.parse("{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"resources/read\","
                + " \"params\": {\"uri\": \"file:///private/report.md\", \"inputResponses\": " + blocks.get(1)
                + ", \"requestState\": \"AEAD-protected blob\"}}"), JsonTrees.parse(written), "retried request");
        assertEquals(retry, CODEC.read(written, PendingRequests.NONE));
    }

    private static Fix fixFor(Example example, Map<Fix, Example> used) {
        Fix found = null;
        for (Fix fix : SpecExampleFixes.FIXES) {
            if (fix.matches(example)) {
                if (found != null) {
                    fail("two fixes match " + example.name());
                }
                found = fix;
                used.put(fix, example);
            }
        }
        return found;
    }

    /** Notes the requests of an example with JSON-P, so that later responses can be read into records. */
    private static void rememberRequests(Example example, Fix fix, Map<RequestId, String> requests) {
        try {
            JsonValue tree = JsonTrees.parse(RoundTrips.normalised(example, fix));
            List<JsonValue> messages = tree instanceof jakarta.json.JsonArray array ? array : List.of(tree);
            for (JsonValue message : messages) {
                if (message instanceof JsonObject object && object.get("method") instanceof JsonString method
                        && object.get("id") != null) {
                    JsonValue id = object.get("id");
                    if (id instanceof JsonString text) {
                        requests.put(RequestId.of(text.getString()), method.getString());
                    } else if (id instanceof JsonNumber number) {
                        requests.put(RequestId.of(number.longValueExact()), method.getString());
                    }
                }
            }
        } catch (RuntimeException notJson) {
            // the example's own test reports it
        }
    }
}
