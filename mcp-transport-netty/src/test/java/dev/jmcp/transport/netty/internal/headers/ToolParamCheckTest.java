package dev.jmcp.transport.netty.internal.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ToolSchemas;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import io.netty.handler.codec.http.HttpHeaders;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The server's check of a stateless tools/call's Mcp-Param-* headers against its arguments. */
class ToolParamCheckTest {
    private static final RequestId ID = RequestId.of(77);
    private static final Map<String, JsonObject> TOOLS = Map.of(
            "sql", schema("{'region':{'type':'string','x-mcp-header':'Region'},"
                    + "'limit':{'type':'integer','x-mcp-header':'Limit'},'dry':{'type':'boolean','x-mcp-header':'Dry'},"
                    + "'where':{'type':'object','properties':{'zone':{'type':'string','x-mcp-header':'Zone'}}},"
                    + "'query':{'type':'string'}}"),
            "plain", schema("{'region':{'type':'string'}}"),
            "broken", schema("{'a':{'type':'number','x-mcp-header':'A'}}"));
    private static final ToolSchemas SCHEMAS = TOOLS::get;

    private static JsonObject json(String text) {
        return Json.createReader(new StringReader(text.replace('\'', '"'))).readObject();
    }

    private static JsonObject schema(String properties) {
        return json("{'type':'object','properties':" + properties + "}");
    }

    private static JsonRpcRequest call(String tool, String arguments) {
        return new JsonRpcRequest(ID, "tools/call", json("{'name':'" + tool + "','arguments':" + arguments + "}"));
    }

    private static HttpHeaders headers(String... pairs) {
        return StatelessHeadersTest.headers(pairs);
    }

    private static ProtocolException check(HttpHeaders headers, JsonRpcRequest request) {
        return ToolParamCheck.check(ToolParamCheck.keep(headers), request, SCHEMAS);
    }

    private static String mismatch(ProtocolException error) {
        assertNotNull(error, "refused");
        assertEquals(ErrorCodes.HEADER_MISMATCH, error.code(), error.getMessage());
        assertEquals(ID, error.requestId(), "the error answers the request");
        return error.getMessage();
    }

    @Test
    void headersThatRepeatTheBodyPass() {
        assertNull(check(headers("Mcp-Param-Region", "eu", "mcp-param-limit", " 42 ", "MCP-PARAM-DRY", "false",
                "Mcp-Param-Zone", "b"), call("sql", "{'region':'eu','limit':42,'dry':false,'where':{'zone':'b'},"
                + "'query':'x'}")));
        assertNull(check(headers("Mcp-Param-Region", "=?base64?IGV1IA==?="), call("sql", "{'region':' eu '}")),
                "the Base64 sentinel is decoded");
        assertNull(check(headers("Mcp-Param-Region", "=?base64?SGVsbG8="), call("sql", "{'region':'=?base64?SGVsbG8='}")),
                "without its suffix a value is literal");
        assertNull(check(headers("Mcp-Param-Limit", "42.0"), call("sql", "{'limit':42}")),
                "integers are compared as numbers");
        assertNull(check(headers(), call("sql", "{'region':null,'query':'x'}")), "absent and null arguments have no header");
    }

    @Test
    void aHeaderThatDiffersFromTheBodyIsAMismatchNamingIt() {
        String message = mismatch(check(headers("Mcp-Param-Region", "us"), call("sql", "{'region':'eu'}")));
        assertTrue(message.contains("Mcp-Param-Region") && message.contains("'us'") && message.contains("'eu'"), message);
        assertTrue(mismatch(check(headers("Mcp-Param-Limit", "43"), call("sql", "{'limit':42}")))
                .contains("Mcp-Param-Limit"));
        assertTrue(mismatch(check(headers("Mcp-Param-Limit", "forty-two"), call("sql", "{'limit':42}")))
                .contains("Mcp-Param-Limit"));
        assertTrue(mismatch(check(headers("Mcp-Param-Dry", "False"), call("sql", "{'dry':false}")))
                .contains("Mcp-Param-Dry"), "values are compared with their case");
        assertTrue(mismatch(check(headers("Mcp-Param-Zone", "a"), call("sql", "{'where':{'zone':'b'}}")))
                .contains("Mcp-Param-Zone"), "a nested argument is checked too");
    }

    @Test
    void aMissingHeaderWhoseValueIsInTheBodyIsAMismatch() {
        String message = mismatch(check(headers("Mcp-Param-Region", "eu"), call("sql", "{'region':'eu','limit':1}")));
        assertTrue(message.contains("Mcp-Param-Limit header is required") && message.contains("arguments.limit"),
                message);
    }

    @Test
    void aHeaderForAnArgumentTheBodyDoesNotGiveIsAMismatch() {
        String message = mismatch(check(headers("Mcp-Param-Region", "eu"), call("sql", "{'query':'x'}")));
        assertTrue(message.contains("Mcp-Param-Region") && message.contains("does not give"), message);
        mismatch(check(headers("Mcp-Param-Region", "eu"), call("sql", "{'region':null}")));
    }

    @Test
    void malformedValuesAreMismatchesNamingTheHeader() {
        String padding = mismatch(check(headers("Mcp-Param-Region", "=?base64?SGVsbG8?="), call("sql", "{'region':'Hello'}")));
        assertTrue(padding.contains("Mcp-Param-Region") && padding.contains("not valid Base64"), padding);
        String alphabet = mismatch(check(headers("Mcp-Param-Region", "=?base64?SGVs!!!bG8=?="),
                call("sql", "{'region':'Hello'}")));
        assertTrue(alphabet.contains("not valid Base64"), alphabet);
        String nonAscii = mismatch(check(headers("Mcp-Param-Region", "Zürich"), call("sql", "{'region':'Zürich'}")));
        assertTrue(nonAscii.contains("Mcp-Param-Region") && nonAscii.contains("0xfc"), nonAscii);
        String twice = mismatch(check(headers("Mcp-Param-Region", "eu", "mcp-param-region", "eu"),
                call("sql", "{'region':'eu'}")));
        assertTrue(twice.contains("appears 2 times"), twice);
    }

    @Test
    void headersTheSchemaDoesNotNameAreIgnored() {
        assertNull(check(headers("Mcp-Param-Region", "us"), call("plain", "{'region':'eu'}")),
                "a tool without x-mcp-header checks no Mcp-Param header");
        assertNull(check(headers("Mcp-Param-Other", "x"), call("sql", "{}")));
        assertNull(check(headers("Mcp-Param-Region", "us"), call("unknown", "{'region':'eu'}")),
                "an unknown tool is the tools/call handler's to refuse");
        assertNull(ToolParamCheck.check(headers("Mcp-Param-Region", "us"), new JsonRpcRequest(ID, "prompts/get",
                json("{'name':'sql','arguments':{'region':'eu'}}")), SCHEMAS), "only tools/call mirrors arguments");
    }

    @Test
    void aToolWithInvalidAnnotationsIsRefusedNamingTheRule() {
        ProtocolException error = check(headers("Mcp-Param-A", "1"), call("broken", "{'a':1.5}"));
        assertNotNull(error);
        assertEquals(ErrorCodes.INTERNAL_ERROR, error.code(), error.getMessage());
        assertTrue(error.getMessage().contains("tool broken") && error.getMessage().contains("number"),
                error.getMessage());
    }

    @Test
    void onlyTheParamHeadersAreKept() {
        HttpHeaders kept = ToolParamCheck.keep(headers("Mcp-Method", "tools/call", "mcp-param-region", "eu"));
        assertEquals(1, kept.size());
        assertEquals("eu", kept.get("Mcp-Param-Region"));
        assertTrue(ToolParamCheck.keep(headers("Mcp-Method", "tools/call")).isEmpty());
    }

    @Test
    void onlyAToolsCallKeepsItsParamHeaders() {
        HttpHeaders sent = headers("Mcp-Method", "tools/call", "MCP-PARAM-Region", "eu");
        assertEquals("eu", ToolParamCheck.keep(sent, call("weather", "{}")).get("mcp-param-region"));
        JsonRpcRequest read = new JsonRpcRequest(ID, "resources/read", json("{'uri':'file:///a'}"));
        assertTrue(ToolParamCheck.keep(sent, read).isEmpty(), "check reads no header of another method");
    }
}
