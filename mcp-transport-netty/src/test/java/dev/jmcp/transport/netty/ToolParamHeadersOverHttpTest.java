package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * SEP-2243's custom headers end to end: a real {@link McpServer} whose tools feature gives its
 * schemas ({@link FeatureHandlers#toolSchemas}), served over Streamable HTTP on 127.0.0.1, and
 * stateless {@code tools/call}s whose {@code Mcp-Param-*} headers agree with the body or not. A
 * refused call answers 400 with -32020 naming the header, and never reaches the tool; jmcp's own
 * client, once it has listed the tools, sends the headers the server checks.
 */
@ExtendWith(LeakCheck.class)
class ToolParamHeadersOverHttpTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final Map<String, JsonObject> SCHEMAS = Map.of(
            "echo_region", json("{'type':'object','properties':{'region':{'type':'string','x-mcp-header':'Region'},"
                    + "'count':{'type':'integer','x-mcp-header':'Count'}},'required':['region']}"),
            "plain", json("{'type':'object','properties':{'region':{'type':'string'}}}"));

    private final AtomicInteger calls = new AtomicInteger();
    private McpServer server;
    private URI uri;

    private static JsonObject json(String text) {
        return JSON.createReader(new StringReader(text.replace('\'', '"'))).readObject();
    }

    @BeforeEach
    void start() {
        server = McpServer.builder().serverInfo("param-headers", "1").feature(new Tools()).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Two tools that echo their arguments; only echo_region marks arguments with x-mcp-header. */
    private final class Tools implements ServerFeature {
        @Override
        public void declare(ServerCapabilities.Builder capabilities) {
        }

        @Override
        public void register(FeatureHandlers handlers) {
            handlers.requestHandler("tools/call", (params, context) -> {
                calls.incrementAndGet();
                JsonObject call = (JsonObject) params;
                return JSON.createObjectBuilder().add("content", JSON.createArrayBuilder().add(JSON.createObjectBuilder()
                        .add("type", "text").add("text", call.getJsonObject("arguments").toString()))).build();
            });
            handlers.requestHandler("tools/list", (params, context) -> {
                var tools = JSON.createArrayBuilder();
                SCHEMAS.forEach((name, schema) -> tools.add(JSON.createObjectBuilder().add("name", name)
                        .add("inputSchema", schema)));
                return JSON.createObjectBuilder().add("tools", tools).build();
            });
            handlers.toolSchemas(SCHEMAS::get);
        }
    }

    private HttpResponse<String> call(String tool, String arguments, String... headers) throws Exception {
        List<String> all = new ArrayList<>(List.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call",
                "Mcp-Name", tool));
        all.addAll(List.of(headers));
        return Raw.send(Raw.post(uri, Raw.call(9, "tools/call", "\"name\":\"" + tool + "\",\"arguments\":"
                + arguments + "," + Raw.STATELESS_META), all.toArray(String[]::new)));
    }

    private static JsonObject body(HttpResponse<String> response) {
        return JSON.createReader(new StringReader(response.body())).readObject();
    }

    private void refused(HttpResponse<String> response, String... named) {
        assertEquals(400, response.statusCode(), response.body());
        JsonObject error = body(response).getJsonObject("error");
        assertEquals(-32020, error.getInt("code"), response.body());
        assertEquals(9, body(response).getInt("id"), response.body());
        for (String text : named) {
            assertTrue(error.getString("message").contains(text), error.getString("message"));
        }
    }

    @Test
    void aCallWhoseHeadersRepeatTheBodyRuns() throws Exception {
        HttpResponse<String> plain = call("echo_region", "{\"region\":\"us-west1\",\"count\":3}",
                "Mcp-Param-Region", "us-west1", "mcp-param-count", "3");
        assertEquals(200, plain.statusCode(), plain.body());
        assertTrue(plain.body().contains("us-west1"), plain.body());
        HttpResponse<String> encoded = call("echo_region", "{\"region\":\"Hello, 世界\"}",
                "Mcp-Param-Region", "=?base64?SGVsbG8sIOS4lueVjA==?=");
        assertEquals(200, encoded.statusCode(), encoded.body());
        assertEquals(2, calls.get());
    }

    @Test
    void aHeaderThatDiffersFromTheBodyIsRefused() throws Exception {
        refused(call("echo_region", "{\"region\":\"us-west1\"}", "Mcp-Param-Region", "eu-west1"),
                "Mcp-Param-Region", "'eu-west1'", "'us-west1'");
        refused(call("echo_region", "{\"region\":\"a\",\"count\":3}", "Mcp-Param-Region", "a", "Mcp-Param-Count", "4"),
                "Mcp-Param-Count");
        assertEquals(0, calls.get(), "a refused call never reaches the tool");
    }

    @Test
    void aMissingHeaderIsRefused() throws Exception {
        refused(call("echo_region", "{\"region\":\"test-value\"}"), "Mcp-Param-Region header is required");
        assertEquals(0, calls.get());
    }

    @Test
    void aMalformedEncodingIsRefused() throws Exception {
        refused(call("echo_region", "{\"region\":\"Hello\"}", "Mcp-Param-Region", "=?base64?SGVsbG8?="),
                "Mcp-Param-Region", "not valid Base64");
        refused(call("echo_region", "{\"region\":\"Hello\"}", "Mcp-Param-Region", "=?base64?SGVs!!!bG8=?="),
                "Mcp-Param-Region", "not valid Base64");
        assertEquals(0, calls.get());
    }

    @Test
    void jmcpsClientMirrorsWhatJmcpsServerChecks() throws Exception {
        JsonObject call = JSON.createObjectBuilder().add("name", "echo_region").add("arguments",
                JSON.createObjectBuilder().add("region", " Hello, 世界 ").add("count", 3)).build();
        try (McpClient client = McpClient.connect(uri, ClientOptions.builder()
                .versionNegotiation(VersionNegotiation.auto()).build())) {
            assertEquals("2026-07-28", client.protocolVersion());
            ExecutionException unlisted = assertThrows(ExecutionException.class,
                    () -> client.session().sendRequest("tools/call", call, JsonObject.class).get(30, TimeUnit.SECONDS));
            ProtocolException refused = assertInstanceOf(ProtocolException.class, unlisted.getCause());
            assertEquals(-32020, refused.code(), "a client that has not listed the tools sends no Mcp-Param-*");
            assertTrue(refused.getMessage().contains("Mcp-Param-Region"), refused.getMessage());

            client.session().sendRequest("tools/list", null, JsonObject.class).get(30, TimeUnit.SECONDS);
            JsonObject result = client.session().sendRequest("tools/call", call, JsonObject.class)
                    .get(30, TimeUnit.SECONDS);
            assertTrue(result.toString().contains("Hello, 世界"), result.toString());
        }
        assertEquals(1, calls.get());
    }

    @Test
    void aToolWithoutAnnotationsIgnoresParamHeaders() throws Exception {
        HttpResponse<String> response = call("plain", "{\"region\":\"us-west1\"}", "Mcp-Param-Region", "elsewhere");
        assertEquals(200, response.statusCode(), response.body());
        assertEquals(1, calls.get());
    }
}
