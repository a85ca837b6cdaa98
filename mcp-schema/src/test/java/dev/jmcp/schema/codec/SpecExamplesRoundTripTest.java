package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.McpMethods;
import dev.jmcp.schema.codec.SpecExampleFixes.Fix;
import dev.jmcp.schema.codec.SpecExamples.Example;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.common.ResultType;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.CancelledNotificationParams;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.DiscoverResult;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.lifecycle.SubscriptionsListenResult;
import dev.jmcp.schema.resources.EmbeddedResource;
import dev.jmcp.schema.resources.ListResourceTemplatesRequestParams;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceLink;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every JSON example of the seeds and of the spec pages and example files round-trips: read,
 * written, and read again gives equal records, and the written JSON is the example's JSON.
 * Examples that cannot be taken as printed are in the reviewed list of {@link SpecExampleFixes}.
 */
class SpecExamplesRoundTripTest {
    private static final McpCodec CODEC = McpCodec.defaults();

    /** The record each 2026-07-28 example type (folder name) is read into, when it is not a full message. */
    private static final Map<String, Class<?>> FRAGMENT_TYPES = Map.ofEntries(
            Map.entry("BlobResourceContents", ResourceContents.class),
            Map.entry("TextResourceContents", ResourceContents.class),
            Map.entry("CancelledNotificationParams", CancelledNotificationParams.class),
            Map.entry("ClientCapabilities", ClientCapabilities.class),
            Map.entry("ServerCapabilities", ServerCapabilities.class),
            // completion is not modelled: its params and result are read through the generic value path
            Map.entry("CompleteRequestParams", JsonObject.class),
            Map.entry("CompleteResult", JsonObject.class),
            Map.entry("DiscoverResult", DiscoverResult.class),
            Map.entry("EmbeddedResource", EmbeddedResource.class),
            // error objects: the "error" member of an error response
            Map.entry("InternalError", JsonRpcError.class),
            Map.entry("InvalidParamsError", JsonRpcError.class),
            Map.entry("MethodNotFoundError", JsonRpcError.class),
            Map.entry("ParseError", JsonRpcError.class),
            Map.entry("ListResourceTemplatesResult", ListResourceTemplatesResult.class),
            Map.entry("ListResourcesResult", ListResourcesResult.class),
            // PaginatedRequestParams is {cursor, _meta}: exactly the templates/list params record
            Map.entry("PaginatedRequestParams", ListResourceTemplatesRequestParams.class),
            Map.entry("ProgressNotificationParams", ProgressNotificationParams.class),
            Map.entry("ReadResourceResult", ReadResourceResult.class),
            Map.entry("Resource", Resource.class),
            Map.entry("ResourceLink", ResourceLink.class),
            Map.entry("ResourceUpdatedNotificationParams", ResourceUpdatedNotificationParams.class),
            Map.entry("SubscriptionsListenResult", SubscriptionsListenResult.class));

    /** The method whose result each XxxResultResponse example carries. */
    private static final Map<String, String> RESPONSE_METHODS = Map.of(
            "DiscoverResultResponse", McpMethodNames.SERVER_DISCOVER,
            "ListResourceTemplatesResultResponse", McpMethodNames.RESOURCES_TEMPLATES_LIST,
            "ListResourcesResultResponse", McpMethodNames.RESOURCES_LIST,
            "ReadResourceResultResponse", McpMethodNames.RESOURCES_READ,
            "SubscriptionsListenResultResponse", McpMethodNames.SUBSCRIPTIONS_LISTEN);

    /** The fewest examples each source must yield, so that a broken extractor cannot pass with none. */
    private static final Map<String, Integer> MINIMUM_EXAMPLES = Map.of(
            "seed 2024-11-05 resources", 16,
            "seed SEP-2093", 3,
            "spec 2025-11-25 pages", 55,
            "spec 2026-07-28 pages", 30,
            "spec 2026-07-28 examples", 60);

    @TestFactory
    List<DynamicNode> everySpecExampleRoundTrips() {
        Path shared = SpecExamples.sharedDir();
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
                PendingRequests pending = pendingFor(example, fix, Map.copyOf(earlier));
                rememberRequests(example, fix, earlier);
                tests.add(dynamicTest(example.name(), () -> check(example, fix, pending)));
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
        Path shared = SpecExamples.sharedDir();
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
                SpecExamples.sharedDir().resolve("spec/2026-07-28/basic/patterns/mrtr.mdx")));
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
                SpecExamples.sharedDir().resolve("spec/2026-07-28/basic/patterns/mrtr.mdx")));
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

    /** The methods of the requests earlier in the same document, or the method the fix or the type names. */
    private static PendingRequests pendingFor(Example example, Fix fix, Map<RequestId, String> earlier) {
        String named = fix != null && fix.respondsTo() != null ? fix.respondsTo()
                : example.exampleType() == null ? null : RESPONSE_METHODS.get(example.exampleType());
        if (named != null) {
            return id -> named;
        }
        return earlier::get;
    }

    /** Notes the requests of an example with JSON-P, so that later responses can be read into records. */
    private static void rememberRequests(Example example, Fix fix, Map<RequestId, String> requests) {
        try {
            JsonValue tree = JsonTrees.parse(normalised(example, fix));
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

    private static String normalised(Example example, Fix fix) {
        return fix != null && fix.normalise() != null ? fix.normalise().apply(example.text()) : example.text();
    }

    private static void check(Example example, Fix fix, PendingRequests pending) throws Exception {
        String text = normalised(example, fix);
        JsonValue printed;
        try {
            printed = JsonTrees.parse(text);
        } catch (RuntimeException e) {
            throw new AssertionError(example.name() + " is not valid JSON as printed (" + e.getMessage()
                    + "); add a reviewed entry to SpecExampleFixes", e);
        }
        if (fix != null && fix.unwrap() != null) {
            printed = printed.asJsonObject().get(fix.unwrap());
            assertNotNull(printed, "no member " + fix.unwrap() + " in " + example.name());
        }
        byte[] input = fix != null && fix.unwrap() != null ? JsonTrees.bytes(printed)
                : text.getBytes(StandardCharsets.UTF_8);
        JsonValue expected = fix != null && fix.expected() != null ? fix.expected().apply(printed) : printed;
        boolean message = printed instanceof JsonObject object && object.containsKey("jsonrpc")
                || printed instanceof jakarta.json.JsonArray;
        Class<?> type = message ? null : fragmentType(example, fix, printed);

        if (fix != null && fix.rejected() != 0) {
            ProtocolException e = assertThrows(ProtocolException.class,
                    () -> { Object ignored = message ? CODEC.read(input, pending) : CODEC.readValue(input, type); },
                    example.name() + " must be refused: " + fix.reason());
            assertEquals(fix.rejected(), e.code(), e.getMessage());
            assertTrue(e.getMessage().contains(fix.rejectedText()), e.getMessage());
            return;
        }
        if (message) {
            roundTripMessage(example, input, expected, pending);
        } else {
            roundTripValue(example, input, expected, type);
        }
    }

    private static void roundTripMessage(Example example, byte[] input, JsonValue expected, PendingRequests pending)
            throws Exception {
        JsonRpcPayload first = CODEC.read(input, pending);
        checkKind(example, first);
        List<JsonRpcMessage> messages = first instanceof JsonRpcBatch batch ? batch.messages()
                : List.of((JsonRpcMessage) first);
        for (JsonRpcMessage m : messages) {
            checkRecordTypes(m, pending);
        }
        byte[] written = CODEC.toBytes(first);
        JsonTrees.assertJsonEquals(expected, JsonTrees.parse(written), example.name() + ": written JSON");
        assertEquals(first, CODEC.read(written, pending), example.name() + ": read again");
        try (InputStream encoded = CODEC.encode(first)) {
            assertArrayEquals(written, encoded.readAllBytes(), example.name() + ": encode() and write() differ");
        }
    }

    private static void roundTripValue(Example example, byte[] input, JsonValue expected, Class<?> type)
            throws Exception {
        Object first = CODEC.readValue(input, type);
        assertInstanceOf(type, first);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        CODEC.writeValue(first, written);
        JsonTrees.assertJsonEquals(expected, JsonTrees.parse(written.toByteArray()), example.name() + ": written JSON");
        assertEquals(first, CODEC.readValue(written.toByteArray(), type), example.name() + ": read again");
    }

    /** The record a fragment is read as: from the fix, the example's type folder, or its evident shape. */
    private static Class<?> fragmentType(Example example, Fix fix, JsonValue printed) {
        if (fix != null && fix.readAs() != null) {
            return fix.readAs();
        }
        String folder = example.exampleType();
        if (folder != null) {
            Class<?> type = FRAGMENT_TYPES.get(folder);
            assertNotNull(type, "no record is mapped for example type " + folder + "; add it to FRAGMENT_TYPES");
            return type;
        }
        JsonObject object = printed.asJsonObject();
        if (object.containsKey("uri") && (object.containsKey("text") || object.containsKey("blob"))) {
            return ResourceContents.class;
        }
        if (object.containsKey("uriTemplate")) {
            return ResourceTemplate.class;
        }
        if (object.containsKey("uri") && object.containsKey("name")) {
            return Resource.class;
        }
        throw new AssertionError(example.name() + " is a fragment of no evident type " + object.keySet()
                + "; add a reviewed entry to SpecExampleFixes");
    }

    /** An XxxRequest example reads as a request, XxxNotification as a notification, and so on. */
    private static void checkKind(Example example, JsonRpcPayload payload) {
        String folder = example.exampleType();
        if (folder == null) {
            return;
        }
        Class<?> kind = folder.endsWith("ResultResponse") ? JsonRpcResultResponse.class
                : folder.endsWith("Request") ? JsonRpcRequest.class
                : folder.endsWith("Notification") ? JsonRpcNotification.class
                : folder.endsWith("Error") ? JsonRpcErrorResponse.class
                : null;
        assertNotNull(kind, "no message kind is known for example type " + folder);
        assertInstanceOf(kind, payload, example.name());
    }

    /** Known methods' params and results are read into their records; unknown ones stay JSON objects. */
    private static void checkRecordTypes(JsonRpcMessage message, PendingRequests pending) {
        if (message instanceof JsonRpcRequest request) {
            checkParams(request.method(), request.params());
        } else if (message instanceof JsonRpcNotification notification) {
            checkParams(notification.method(), notification.params());
        } else if (message instanceof JsonRpcResultResponse response) {
            McpMethod method = McpMethods.byName(pending.methodOf(response.id()));
            if (method == null) {
                assertInstanceOf(JsonObject.class, response.result(), "result of an unknown method");
            } else if (response.result() instanceof InputRequiredResult input) {
                assertEquals(ResultType.INPUT_REQUIRED, input.resultType());
            } else {
                assertInstanceOf(method.resultType(), response.result(), "result of " + method.name());
            }
        }
    }

    private static void checkParams(String name, Object params) {
        if (params == null) {
            return;
        }
        McpMethod method = McpMethods.byName(name);
        if (method == null) {
            assertInstanceOf(JsonValue.class, params, "params of the unknown method " + name);
        } else {
            assertInstanceOf(method.paramsType(), params, "params of " + name);
        }
    }
}
