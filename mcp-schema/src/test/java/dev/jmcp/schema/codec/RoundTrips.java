package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.McpMethods;
import dev.jmcp.schema.codec.SpecExampleFixes.Fix;
import dev.jmcp.schema.codec.SpecExamples.Example;
import dev.jmcp.schema.common.Icon;
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
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceLink;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The round trip every example must survive, the spec's and the project's own: read, written, and
 * read again gives equal records, and the written JSON is the example's JSON (or what its reviewed
 * {@link Fix} says it legitimately becomes). The example's folder, when it has one, names its type.
 */
final class RoundTrips {
    private static final McpCodec CODEC = McpCodec.defaults();

    /** The record each example type (folder name) is read into, when it is not a full message. */
    static final Map<String, Class<?>> FRAGMENT_TYPES = Map.ofEntries(
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
            Map.entry("Icon", Icon.class),
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
            Map.entry("ResourceTemplate", ResourceTemplate.class),
            Map.entry("ResourceUpdatedNotificationParams", ResourceUpdatedNotificationParams.class),
            Map.entry("SubscriptionsListenResult", SubscriptionsListenResult.class));

    /** The method whose result each XxxResultResponse example (or batch of responses) carries. */
    static final Map<String, String> RESPONSE_METHODS = Map.ofEntries(
            Map.entry("DiscoverResultResponse", McpMethodNames.SERVER_DISCOVER),
            Map.entry("InitializeResultResponse", McpMethodNames.INITIALIZE),
            // ping, resources/subscribe, resources/unsubscribe and logging/setLevel all answer an EmptyResult
            Map.entry("EmptyResultResponse", McpMethodNames.PING),
            Map.entry("ListResourceTemplatesResultResponse", McpMethodNames.RESOURCES_TEMPLATES_LIST),
            Map.entry("ListResourcesResultResponse", McpMethodNames.RESOURCES_LIST),
            Map.entry("ReadResourceResultResponse", McpMethodNames.RESOURCES_READ),
            Map.entry("ReadResourceMetadataResultResponse", McpMethodNames.RESOURCES_METADATA),
            // the 2026-07-28 pages name resources/read among the requests that may answer input_required
            Map.entry("InputRequiredResultResponse", McpMethodNames.RESOURCES_READ),
            Map.entry("JSONRPCBatchResponse", McpMethodNames.RESOURCES_READ),
            // not modelled: its result stays a JSON object
            Map.entry("CompleteResultResponse", "completion/complete"),
            Map.entry("SubscriptionsListenResultResponse", McpMethodNames.SUBSCRIPTIONS_LISTEN));

    private RoundTrips() {
    }

    /** The methods of the requests earlier in the same document, or the method the fix or the type names. */
    static PendingRequests pendingFor(Example example, Fix fix, Map<RequestId, String> earlier) {
        String named = fix != null && fix.respondsTo() != null ? fix.respondsTo()
                : example.exampleType() == null ? null : RESPONSE_METHODS.get(example.exampleType());
        if (named != null) {
            return id -> named;
        }
        return earlier::get;
    }

    static String normalised(Example example, Fix fix) {
        return fix != null && fix.normalise() != null ? fix.normalise().apply(example.text()) : example.text();
    }

    /** Round-trips {@code example}; {@code fix} may be null (the project's own examples have none). */
    static void check(Example example, Fix fix, PendingRequests pending) throws Exception {
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
        if (folder.equals("InputRequiredResultResponse")) {
            assertInstanceOf(InputRequiredResult.class, assertInstanceOf(JsonRpcResultResponse.class, payload).result(),
                    example.name() + ": an input_required answer");
        }
        Class<?> kind = folder.startsWith("JSONRPCBatch") ? JsonRpcBatch.class
                : folder.endsWith("ResultResponse") ? JsonRpcResultResponse.class
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
            McpMethod<?, ?> method = McpMethods.byName(pending.methodOf(response.id()));
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
        McpMethod<?, ?> method = McpMethods.byName(name);
        if (method == null) {
            assertInstanceOf(JsonValue.class, params, "params of the unknown method " + name);
        } else {
            assertInstanceOf(method.paramsType(), params, "params of " + name);
        }
    }
}
