package dev.jmcp.transport.netty.internal.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolParamHeadersTest {
    private final ToolParamHeaders headers = new ToolParamHeaders();

    private static JsonObject json(String text) {
        return Json.createReader(new StringReader(text.replace('\'', '"'))).readObject();
    }

    private static JsonObject tool(String name, String properties) {
        return json("{'name':'" + name + "','inputSchema':{'type':'object','properties':" + properties + "}}");
    }

    private List<String> listed(JsonObject... tools) {
        JsonRpcPayload learnt = headers.learn(new JsonRpcResultResponse(RequestId.of(1),
                Json.createObjectBuilder().add("tools", Json.createArrayBuilder(List.of(tools))).build()));
        return ((JsonObject) ((JsonRpcResultResponse) learnt).result()).getJsonArray("tools")
                .getValuesAs(JsonObject.class).stream().map(tool -> tool.getString("name")).toList();
    }

    private Map<String, String> call(String tool, String arguments) {
        return headers.headers(new JsonRpcRequest(RequestId.of(2), "tools/call",
                json("{'name':'" + tool + "','arguments':" + arguments + "}")));
    }

    @Test
    void annotatedArgumentsAreMirroredEncodedAndAbsentOnesOmitted() {
        listed(tool("sql", "{'region':{'type':'string','x-mcp-header':'Region'},"
                + "'limit':{'type':'integer','x-mcp-header':'Limit'},'dry':{'type':'boolean','x-mcp-header':'Dry'},"
                + "'where':{'type':'object','properties':{'zone':{'type':'string','x-mcp-header':'Zone'}}},"
                + "'query':{'type':'string'}}"));
        assertEquals(Map.of("Mcp-Param-Region", "=?base64?IGV1IA==?=", "Mcp-Param-Limit", "42", "Mcp-Param-Dry",
                "false", "Mcp-Param-Zone", "b"), call("sql", "{'region':' eu ','limit':42,'dry':false,"
                + "'where':{'zone':'b'},'query':'x'}"));
        assertEquals(Map.of("Mcp-Param-Limit", "1"), call("sql", "{'limit':1,'region':null}"));
        assertEquals(Map.of(), call("other", "{'region':'eu'}"));
    }

    @Test
    void toolsWithInvalidAnnotationsAreLeftOutOfTheListing() {
        JsonObject good = tool("good", "{'a':{'type':'string','x-mcp-header':'A'}}");
        assertEquals(List.of("good", "plain"), listed(good,
                tool("empty", "{'a':{'type':'string','x-mcp-header':''}}"),
                tool("number", "{'a':{'type':'number','x-mcp-header':'A'}}"),
                tool("colon", "{'a':{'type':'string','x-mcp-header':'A:B'}}"),
                tool("twice", "{'a':{'type':'string','x-mcp-header':'A'},'b':{'type':'string','x-mcp-header':'a'}}"),
                tool("items", "{'a':{'type':'array','items':{'type':'string','x-mcp-header':'A'}}}"),
                tool("plain", "{'a':{'type':'string'}}")));
    }

    @Test
    void aResultWithoutToolsIsPassedOnUntouched() {
        JsonRpcResultResponse other = new JsonRpcResultResponse(RequestId.of(3), json("{'content':[]}"));
        assertSame(other, headers.learn(other));
        assertEquals(Map.of(), headers.headers(new JsonRpcRequest(RequestId.of(4), "tools/list", null)));
    }
}
