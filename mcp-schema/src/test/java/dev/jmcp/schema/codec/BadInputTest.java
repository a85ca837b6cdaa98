package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Input the codec must refuse, each with the right JSON-RPC code and a message that names what was
 * wrong or the limit that applied; after each failure the same codec reads a valid message.
 */
class BadInputTest {
    private static final McpCodec CODEC = McpCodec.defaults();
    private static final String VALID = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/read\","
            + "\"params\":{\"uri\":\"file:///ok\"}}";

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Reads {@code input}, expects a failure with {@code code} whose message contains every part. */
    private static ProtocolException assertRefused(McpCodec codec, byte[] input, int code, String... parts) {
        ProtocolException e = assertThrows(ProtocolException.class, () -> codec.read(input, PendingRequests.NONE));
        assertEquals(code, e.code(), "code for: " + e.getMessage());
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "the message \"" + e.getMessage() + "\" does not name " + part);
        }
        assertReadsValidMessage(codec);
        return e;
    }

    private static ProtocolException assertRefused(McpCodec codec, String input, int code, String... parts) {
        return assertRefused(codec, utf8(input), code, parts);
    }

    private static void assertReadsValidMessage(McpCodec codec) {
        assertEquals(new JsonRpcRequest(RequestId.of(9), McpMethodNames.RESOURCES_READ,
                ReadResourceRequestParams.of("file:///ok")), codec.read(utf8(VALID), PendingRequests.NONE),
                "the codec no longer reads a valid message after a failure");
    }

    @Test
    void truncatedJsonIsAParseErrorThatSaysWhere() {
        ProtocolException e = assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\n\"id\":1,\"method\":\"ping\"", ErrorCodes.PARSE_ERROR);
        assertTrue(Pattern.compile("line \\d+|column \\d+|offset \\d+").matcher(e.getMessage()).find(),
                "no line, column or offset in: " + e.getMessage());
    }

    @Test
    void jsonrpcOtherThan20IsInvalidRequest() {
        assertRefused(CODEC, "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}", ErrorCodes.INVALID_REQUEST, "jsonrpc", "1.0");
        assertRefused(CODEC, "{\"id\":1,\"method\":\"ping\"}", ErrorCodes.INVALID_REQUEST, "jsonrpc");
    }

    @Test
    void nullIdInARequestIsInvalidRequest() {
        assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", ErrorCodes.INVALID_REQUEST, "id");
    }

    @Test
    void objectIdIsInvalidRequest() {
        assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"id\":{\"n\":1},\"method\":\"ping\"}", ErrorCodes.INVALID_REQUEST, "id");
    }

    @Test
    void thousandDeepNestingIsInvalidRequestNamingMaxDepth() {
        String deep = "[".repeat(1000) + "]".repeat(1000);
        assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"method\":\"x/y\",\"params\":{\"a\":" + deep + "}}",
                ErrorCodes.INVALID_REQUEST, "maxDepth=" + CodecLimits.DEFAULT_MAX_DEPTH);
        // in a member that is skipped, and in a known method's params
        assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"unknown\":" + deep + ",\"method\":\"ping\"}",
                ErrorCodes.INVALID_REQUEST, "maxDepth=");
        assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"u\","
                + "\"_meta\":{\"a\":" + deep + "}}}", ErrorCodes.INVALID_REQUEST, "maxDepth=");
    }

    @Test
    void nestingUpToMaxDepthIsAcceptedAndOneDeeperIsNot() {
        McpCodec shallow = McpCodec.builder().limits(CodecLimits.builder().maxDepth(8).build()).build();
        // the message object is depth 1, so params with 7 nested arrays reach depth 8
        String atLimit = "{\"jsonrpc\":\"2.0\",\"method\":\"x/y\",\"params\":" + "[".repeat(7) + "]".repeat(7) + "}";
        assertInstanceOf(JsonRpcNotification.class, shallow.read(utf8(atLimit), PendingRequests.NONE));
        assertRefused(shallow, atLimit.replace("[[", "[[[").replace("]]", "]]]"), ErrorCodes.INVALID_REQUEST,
                "maxDepth=8");
    }

    @Test
    void anErrorAfterAParamsErrorNamesItsOwnMember() {
        // "params" fails first (uri: 5); reading goes on to find the id, which is itself wrong. Its
        // message must name "id", not a path left over from inside params.
        ProtocolException e = assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"method\":\"resources/read\","
                + "\"params\":{\"uri\":5},\"id\":{\"x\":1}}", ErrorCodes.INVALID_REQUEST, "id");
        assertTrue(e.getMessage().startsWith("id: "), "the message names a stale path: " + e.getMessage());
    }

    @Test
    void invalidUtf8IsAParseErrorNamingTheByteOffset() {
        byte[] prefix = utf8("{\"jsonrpc\":\"2.0\",\"method\":\"x/y\",\"params\":{\"s\":\"ab");
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        input.writeBytes(prefix);
        input.writeBytes(new byte[] {(byte) 0xC3, (byte) 0x28}); // a lead byte without its continuation
        input.writeBytes(utf8("\"}}"));
        assertRefused(CODEC, input.toByteArray(), ErrorCodes.PARSE_ERROR, "UTF-8", "offset " + prefix.length);
        // a lone continuation byte, and an overlong encoding of '/'
        assertRefused(CODEC, new byte[] {'{', '"', (byte) 0x80, '"', ':', '1', '}'}, ErrorCodes.PARSE_ERROR, "offset 2");
        assertRefused(CODEC, new byte[] {'{', '"', (byte) 0xC0, (byte) 0xAF, '"', ':', '1', '}'}, ErrorCodes.PARSE_ERROR,
                "offset 2");
    }

    @Test
    void stringOverTheLimitIsInvalidRequestNamingMaxStringLength() {
        McpCodec small = McpCodec.builder().limits(CodecLimits.builder().maxStringLength(16).build()).build();
        assertRefused(small, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\","
                + "\"params\":{\"uri\":\"file:///a-long-name\"}}", ErrorCodes.INVALID_REQUEST, "maxStringLength=16");
        // member names count too
        assertRefused(small, "{\"jsonrpc\":\"2.0\",\"method\":\"x/y\",\"params\":{\"" + "k".repeat(17) + "\":1}}",
                ErrorCodes.INVALID_REQUEST, "maxStringLength=16");
    }

    @Test
    void messageOverMaxMessageBytesIsInvalidRequestNamingIt() {
        McpCodec small = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(1024).build()).build();
        String big = "{\"jsonrpc\":\"2.0\",\"method\":\"x/y\",\"params\":{\"s\":\"" + "a".repeat(2000) + "\"}}";
        assertRefused(small, big, ErrorCodes.INVALID_REQUEST, "maxMessageBytes=1024");
        // large enough that the limit is reached in a later read of the input, not the first
        McpCodec medium = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(20_000).build()).build();
        assertRefused(medium, big.replace("a".repeat(2000), "a".repeat(30_000)), ErrorCodes.INVALID_REQUEST,
                "maxMessageBytes=20000");
    }

    @Test
    void inputsExactlyAtTheLimitsAreAccepted() {
        // longer than VALID, so that the same codec can still read VALID after the refusal
        String message = "{\"jsonrpc\":\"2.0\",\"method\":\"x/y\",\"pad\":\"" + "p".repeat(16) + "\","
                + "\"params\":{\"s\":\"" + "a".repeat(16) + "\"}}";
        assertTrue(message.length() > VALID.length());
        McpCodec exact = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(utf8(message).length).maxDepth(3).maxStringLength(16).build()).build();
        assertInstanceOf(JsonRpcNotification.class, exact.read(utf8(message), PendingRequests.NONE));
        McpCodec oneByteLess = McpCodec.builder().limits(exact.limits().toBuilder().maxMessageBytes(utf8(message).length - 1).build())
                .build();
        assertRefused(oneByteLess, message, ErrorCodes.INVALID_REQUEST, "maxMessageBytes=" + (utf8(message).length - 1));
    }

    @Test
    void whitespaceAroundAMessageIsNotGarbage() {
        // stdio frames end with a newline
        assertInstanceOf(JsonRpcRequest.class, CODEC.read(utf8(" \r\n" + VALID + "\n"), PendingRequests.NONE));
    }

    @Test
    void multibyteUtf8AcrossReadBuffersIsDecoded() {
        String text = "a\ud83d\ude00\u00e9\u20ac".repeat(5000); // 1-, 4-, 2- and 3-byte forms, over many 8 KiB reads
        JsonRpcNotification read = (JsonRpcNotification) CODEC.read(utf8("{\"jsonrpc\":\"2.0\",\"method\":\"x/y\","
                + "\"params\":{\"s\":\"" + text + "\"}}"), PendingRequests.NONE);
        assertEquals(text, ((jakarta.json.JsonObject) read.params()).getString("s"));
    }

    @Test
    void utf16InputIsRefusedAsInvalidUtf8() {
        assertRefused(CODEC, VALID.getBytes(StandardCharsets.UTF_16), ErrorCodes.PARSE_ERROR, "offset 0");
    }

    @Test
    void numberWhereTheUriBelongsIsInvalidParamsNamingParamsUri() {
        ProtocolException first = assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"resources/read\","
                + "\"params\":{\"uri\":5}}", ErrorCodes.INVALID_PARAMS, "params.uri");
        assertEquals(RequestId.of(41), first.requestId());
        ProtocolException idLast = assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"method\":\"resources/read\","
                + "\"params\":{\"uri\":5},\"id\":42}", ErrorCodes.INVALID_PARAMS, "params.uri");
        assertEquals(RequestId.of(42), idLast.requestId(), "the error must carry the id that came after params");
        ProtocolException paramsFirst = assertRefused(CODEC, "{\"params\":{\"uri\":5},\"id\":\"r-43\","
                + "\"method\":\"resources/read\",\"jsonrpc\":\"2.0\"}", ErrorCodes.INVALID_PARAMS, "params.uri");
        assertEquals(RequestId.of("r-43"), paramsFirst.requestId());
    }

    @Test
    void missingRequiredParamsMemberIsInvalidParamsNamingIt() {
        ProtocolException e = assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"id\":44,\"method\":\"resources/read\","
                + "\"params\":{}}", ErrorCodes.INVALID_PARAMS, "\"uri\"");
        assertEquals(RequestId.of(44), e.requestId());
    }

    @Test
    void paramsBeforeMethodAreStillReadIntoTheRecord() {
        JsonRpcPayload read = CODEC.read(utf8("{\"params\":{\"uri\":\"file:///a\",\"_meta\":{\"k\":[1]}},"
                + "\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\"}"), PendingRequests.NONE);
        JsonRpcRequest request = assertInstanceOf(JsonRpcRequest.class, read);
        ReadResourceRequestParams params = assertInstanceOf(ReadResourceRequestParams.class, request.params());
        assertEquals("file:///a", params.uri());
        assertEquals(1, params.meta().getJsonArray("k").getInt(0));
        assertEquals(ResourceUpdatedNotificationParams.of("file:///b"), ((JsonRpcNotification)
                CODEC.read(utf8("{\"params\":{\"uri\":\"file:///b\"},\"method\":\"notifications/resources/updated\","
                        + "\"jsonrpc\":\"2.0\"}"), PendingRequests.NONE)).params());
    }

    @Test
    void resultBeforeIdIsStillReadIntoTheRecord() {
        JsonRpcPayload read = CODEC.read(utf8("{\"result\":{\"contents\":[{\"uri\":\"file:///a\",\"text\":\"hi\"}]},"
                + "\"jsonrpc\":\"2.0\",\"id\":3}"), id -> id.equals(RequestId.of(3)) ? McpMethodNames.RESOURCES_READ : null);
        assertEquals(new JsonRpcResultResponse(RequestId.of(3), ReadResourceResult.of(
                new TextResourceContents(new Resource("file:///a", null, null, null, null, null, null, null, null, null),
                        "hi"))), read);
    }

    /** Found by CodecFuzzTest: BigDecimal's NumberFormatException escaped the codec. */
    @Test
    void numberWhoseExponentOverflowsIsAParseErrorNamingIt() {
        assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{"
                + "\"progressToken\":\"t\",\"progress\":1e10000000000}}", ErrorCodes.PARSE_ERROR, "1e10000000000",
                "exponent");
        assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"_meta\":{\"x\":"
                + "-2.5E-2147483649}}}", ErrorCodes.PARSE_ERROR, "exponent");
    }

    @Test
    void numbersUpToMaxNumberLengthAreAcceptedAndOneLongerIsNot() {
        McpCodec codec = McpCodec.builder().limits(CodecLimits.builder().maxNumberLength(5).build()).build();
        String head = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":";
        assertInstanceOf(JsonRpcNotification.class, codec.read(utf8(head + "-1e10}}"), PendingRequests.NONE));
        assertRefused(codec, head + "-1e100}}", ErrorCodes.PARSE_ERROR, "a number of more than maxNumberLength=5 characters");
    }

    /** Found by the bad-input matrix: these errors came with a null id, and the sender waited for its timeout. */
    @Test
    void aLimitOrSyntaxErrorAfterARequestsIdAndMethodIsTiedToThatRequest() {
        String head = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"x\":";
        ProtocolException deep = assertRefused(CODEC, head + "[".repeat(70) + "]".repeat(70) + "}}",
                ErrorCodes.INVALID_REQUEST, "maxDepth=");
        ProtocolException number = assertRefused(CODEC, head + "9".repeat(2000) + "}}", ErrorCodes.PARSE_ERROR,
                "maxNumberLength=1024");
        ProtocolException exponent = assertRefused(CODEC, head + "1e999999999999}}", ErrorCodes.PARSE_ERROR, "exponent");
        ProtocolException garbage = assertRefused(CODEC, head + "nope}}", ErrorCodes.PARSE_ERROR);
        for (ProtocolException e : java.util.List.of(deep, number, exponent, garbage)) {
            assertEquals(RequestId.of(7), e.requestId(), e::getMessage);
            assertEquals("ping", e.method(), e::getMessage);
        }
    }

    @Test
    void anErrorBeforeTheMethodIsKnownOrInAResponseIsTiedToNoRequestOfThePeers() {
        ProtocolException early = assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"id\":7,\"params\":{\"x\":"
                + "[".repeat(70) + "]".repeat(70) + "},\"method\":\"ping\"}", ErrorCodes.INVALID_REQUEST, "maxDepth=");
        assertEquals(null, early.requestId(), early::getMessage);
        ProtocolException response = assertRefused(CODEC, "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":"
                + "9".repeat(2000) + "}}", ErrorCodes.PARSE_ERROR);
        assertEquals(null, response.method(), response::getMessage);
    }

    @Test
    void trailingGarbageIsAParseError() {
        assertRefused(CODEC, VALID + " x", ErrorCodes.PARSE_ERROR);
        assertRefused(CODEC, VALID + VALID, ErrorCodes.PARSE_ERROR);
        assertRefused(CODEC, VALID + "]", ErrorCodes.PARSE_ERROR);
    }

    @Test
    void emptyBatchIsInvalidRequest() {
        assertRefused(CODEC, "[]", ErrorCodes.INVALID_REQUEST, "batch");
        assertRefused(CODEC, " [ ] ", ErrorCodes.INVALID_REQUEST, "batch");
    }

    @Test
    void batchOfTwoRequestsIsReadAsABatch() {
        JsonRpcPayload read = CODEC.read(utf8("[" + VALID + ",{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"ping\"}]"),
                PendingRequests.NONE);
        JsonRpcBatch batch = assertInstanceOf(JsonRpcBatch.class, read);
        assertEquals(2, batch.messages().size());
        assertEquals(new JsonRpcRequest(RequestId.of(9), McpMethodNames.RESOURCES_READ,
                ReadResourceRequestParams.of("file:///ok")), batch.messages().get(0));
        JsonRpcRequest ping = assertInstanceOf(JsonRpcRequest.class, batch.messages().get(1));
        assertEquals(RequestId.of("b"), ping.id());
        assertEquals("ping", ping.method());
        assertReadsValidMessage(CODEC);
    }
}
