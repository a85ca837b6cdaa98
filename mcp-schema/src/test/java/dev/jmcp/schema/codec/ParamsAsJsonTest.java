package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A session that speaks a dialect reads some of the peer's methods as JSON, whatever record MCP has for the name. */
class ParamsAsJsonTest {
    /** gomcp's shape of the name: the whole resource, no {@code uri} at the top. */
    private static final String UPDATED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\","
            + "\"params\":{\"resource\":{\"uri\":\"mem://a\",\"version\":\"2\"}}}";
    private static final String UPDATED_PARAMS_FIRST = "{\"jsonrpc\":\"2.0\",\"params\":{\"resource\":{\"uri\":"
            + "\"mem://a\",\"version\":\"2\"}},\"method\":\"notifications/resources/updated\"}";

    private static final PendingRequests JSON_UPDATES = new PendingRequests() {
        @Override
        public String methodOf(RequestId id) {
            return null;
        }

        @Override
        public boolean paramsAsJson(String method) {
            return method.equals("notifications/resources/updated");
        }
    };

    private static Object params(String message, PendingRequests pending) {
        return assertInstanceOf(JsonRpcNotification.class,
                McpCodec.defaults().read(message.getBytes(StandardCharsets.UTF_8), pending)).params();
    }

    @Test
    void paramsOfAMethodTheSessionReadsAsJsonStayJsonInEitherMemberOrder() {
        for (String message : new String[] {UPDATED, UPDATED_PARAMS_FIRST}) {
            JsonObject params = assertInstanceOf(JsonObject.class, params(message, JSON_UPDATES));
            assertEquals("mem://a", params.getJsonObject("resource").getString("uri"));
        }
    }

    @Test
    void otherMethodsStillBecomeTheirRecords() {
        String standard = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"mem://a\"}}";
        assertEquals(ResourceUpdatedNotificationParams.of("mem://a"), params(standard, PendingRequests.NONE));
    }
}
