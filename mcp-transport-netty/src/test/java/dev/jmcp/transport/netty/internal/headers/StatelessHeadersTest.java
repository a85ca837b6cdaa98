package dev.jmcp.transport.netty.internal.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import org.junit.jupiter.api.Test;

/** The header checks of a stateless request, in the order the spec's probes require. */
class StatelessHeadersTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final RequestId ID = RequestId.of(1234567890123L);

    static JsonObjectBuilder meta(String version) {
        return JSON.createObjectBuilder().add("io.modelcontextprotocol/protocolVersion", version)
                .add("io.modelcontextprotocol/clientCapabilities", JSON.createObjectBuilder());
    }

    private static JsonRpcRequest request(String method, JsonObjectBuilder params) {
        return new JsonRpcRequest(ID, method, params.build());
    }

    private static JsonRpcRequest call(String tool) {
        return request("tools/call", JSON.createObjectBuilder().add("name", tool)
                .add("arguments", JSON.createObjectBuilder()).add("_meta", meta("2026-07-28")));
    }

    static HttpHeaders headers(String... pairs) {
        // as a decoder hands them over: values unchecked, so that the checks under test see them raw
        HttpHeaders headers = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
        for (int i = 0; i < pairs.length; i += 2) {
            headers.add(pairs[i], pairs[i + 1]);
        }
        return headers;
    }

    private static void refused(int code, ProtocolException error) {
        assertNotNull(error, "refused");
        assertEquals(code, error.code(), error.getMessage());
        assertEquals(ID, error.requestId(), "the error answers the request");
    }

    @Test
    void theVersionHeaderIsRequired() {
        ProtocolException error = StatelessHeaders.check(headers("Mcp-Method", "tools/list"),
                request("tools/list", JSON.createObjectBuilder().add("_meta", meta("2026-07-28"))));
        refused(ErrorCodes.HEADER_MISMATCH, error);
        assertTrue(error.getMessage().contains("MCP-Protocol-Version"), error.getMessage());
    }

    @Test
    void aMalformedMetaIsInvalidParamsBeforeAnyComparison() {
        HttpHeaders headers = headers("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "server/discover");
        refused(ErrorCodes.INVALID_PARAMS, StatelessHeaders.check(headers,
                request("server/discover", JSON.createObjectBuilder())));
        refused(ErrorCodes.INVALID_PARAMS, StatelessHeaders.check(headers, request("server/discover",
                JSON.createObjectBuilder().add("_meta", JSON.createObjectBuilder()
                        .add("io.modelcontextprotocol/clientCapabilities", JSON.createObjectBuilder())))));
        refused(ErrorCodes.INVALID_PARAMS, StatelessHeaders.check(headers, request("server/discover",
                JSON.createObjectBuilder().add("_meta", JSON.createObjectBuilder()
                        .add("io.modelcontextprotocol/protocolVersion", "2026-07-28")))));
        assertNull(StatelessHeaders.check(headers, request("server/discover",
                JSON.createObjectBuilder().add("_meta", meta("2026-07-28")))), "clientInfo is optional");
    }

    @Test
    void aMalformedMetaUnderAVersionTheServerDoesNotSpeakIsUnsupportedVersion() {
        ProtocolException error = StatelessHeaders.check(headers("MCP-Protocol-Version", "2099-01-01"),
                request("ping", JSON.createObjectBuilder()));
        refused(ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION, error);
        JsonObject data = (JsonObject) error.data();
        assertEquals("2099-01-01", data.getString("requested"));
        assertEquals("2026-07-28", data.getJsonArray("supported").getString(0));
    }

    @Test
    void theVersionHeaderMustMatchTheBody() {
        ProtocolException error = StatelessHeaders.check(headers("MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "server/discover"), request("server/discover",
                JSON.createObjectBuilder().add("_meta", meta("v999.0.0"))));
        refused(ErrorCodes.HEADER_MISMATCH, error);
        assertEquals("Header mismatch: MCP-Protocol-Version header value '2026-07-28' does not match body value "
                + "'v999.0.0'", error.getMessage());
        assertNull(StatelessHeaders.check(headers("MCP-Protocol-Version", "v999.0.0", "Mcp-Method", "server/discover"),
                request("server/discover", JSON.createObjectBuilder().add("_meta", meta("v999.0.0")))),
                "an unsupported version that header and body agree on is the session's to refuse (-32022)");
    }

    @Test
    void theMethodHeaderIsRequiredAndCaseSensitiveAfterTrimming() {
        JsonRpcRequest list = request("tools/list", JSON.createObjectBuilder().add("_meta", meta("2026-07-28")));
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(headers("MCP-Protocol-Version", "2026-07-28"), list));
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(headers("MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "prompts/list"), list));
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(headers("MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "TOOLS/LIST"), list));
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(headers("MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "tools/list", "Mcp-Method", "tools/list"), list));
        assertNull(StatelessHeaders.check(headers("mcp-protocol-version", " 2026-07-28 ", "MCP-METHOD", " tools/list\t"),
                list));
    }

    @Test
    void theNameHeaderRepeatsTheToolPromptOrUri() {
        HttpHeaders base = headers("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call");
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(base, call("echo")));
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(base.copy().add("Mcp-Name", "wrong_tool"),
                call("echo")));
        assertNull(StatelessHeaders.check(base.copy().add("Mcp-Name", "  echo  "), call("echo")));
        assertNull(StatelessHeaders.check(base.copy().add("Mcp-Name", "=?base64?SGVsbG8=?="), call("Hello")));
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(base.copy().add("Mcp-Name", "=?base64?SGVsbG8?="),
                call("Hello")));
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(base.copy().add("Mcp-Name", "=?base64?SGVs!!!bG8=?="),
                call("Hello")));
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(base.copy().add("Mcp-Name", "caf\u00e9"),
                call("caf\u00e9")));
        assertNull(StatelessHeaders.check(base.copy().add("Mcp-Name", "=?base64?Y2Fmw6k=?="), call("caf\u00e9")));
        JsonObject meta = meta("2026-07-28").build();
        JsonRpcRequest read = new JsonRpcRequest(ID, "resources/read",
                new ReadResourceRequestParams("test://static-text", null, null, meta));
        HttpHeaders readHeaders = headers("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "resources/read");
        refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(readHeaders, read));
        assertNull(StatelessHeaders.check(readHeaders.copy().add("Mcp-Name", "test://static-text"), read));
    }

    @Test
    void theTasksMethodsNameTheirTask() {
        for (String method : new String[] {"tasks/get", "tasks/update", "tasks/cancel"}) {
            JsonRpcRequest request = request(method, JSON.createObjectBuilder().add("taskId", "t-1")
                    .add("_meta", meta("2026-07-28")));
            HttpHeaders base = headers("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method);
            ProtocolException missing = StatelessHeaders.check(base, request);
            refused(ErrorCodes.HEADER_MISMATCH, missing);
            assertTrue(missing.getMessage().contains("Mcp-Name"), missing.getMessage());
            refused(ErrorCodes.HEADER_MISMATCH, StatelessHeaders.check(base.copy().add("Mcp-Name", "t-2"), request));
            assertNull(StatelessHeaders.check(base.copy().add("Mcp-Name", "t-1"), request), method);
        }
    }
}
