package dev.jmcp.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.SigningKeys;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An input-required retry through nginx lands on another replica and succeeds: three servers that
 * share a signing key (each on its own HTTP port, in this JVM: jmcp serve has no tool that asks for
 * input) behind the checked-in nginx.conf, round-robin.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InputRequiredBehindNginxTest {
    @TempDir
    Path dir;
    private final List<AutoCloseable> open = new ArrayList<>();

    /** A tool that asks who is there, then greets them. */
    private static final class AskTool implements ServerFeature {
        @Override
        public void declare(ServerCapabilities.Builder capabilities) {
            capabilities.tools(ListChangedCapability.of(false));
        }

        @Override
        public void register(FeatureHandlers session) {
            session.requestHandler("tools/call", AskTool::call);
        }

        private static Object call(Object params, RequestContext context) {
            if (context.requestState() == null) {
                return InputRequiredResult.of(Map.of("who", Json.createObjectBuilder().add("method", "elicitation/create")
                        .add("params", Json.createObjectBuilder().add("message", "who?")).build()), context.sealRequestState("asked"));
            }
            String name = context.inputResponses().get("who").getJsonObject("content").getString("name");
            return Json.createObjectBuilder().add("content", Json.createArrayBuilder().add(Json.createObjectBuilder()
                    .add("type", "text").add("text", context.requestState() + " " + name))).build();
        }
    }

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
    }

    @Test
    void theRetryLandsOnAnotherReplicaAndSucceeds() throws Exception {
        Nginx.requireInstalled();
        SigningKeys keys = SigningKeys.of("the replicas' shared secret, 32 bytes or more".getBytes(StandardCharsets.UTF_8));
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            McpServer server = McpServer.builder().serverInfo("replica-" + i, "1").feature(new AskTool()).signingKeys(keys).build();
            open.add(server);
            URI bound = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
            addresses.add("127.0.0.1:" + bound.getPort());
        }
        Nginx nginx = Nginx.start(Path.of("").toAbsolutePath().getParent(), Files.createDirectories(dir.resolve("nginx")), addresses);
        open.add(0, nginx);
        StatelessHttp client = new StatelessHttp(nginx.endpoint());
        StatelessHttp.Answer asked = client.call("tools/call", "ask", "\"name\":\"ask\"");
        assertEquals("input_required", asked.result().getString("resultType"), asked.message()::toString);
        String state = asked.result().getString("requestState");
        StatelessHttp.Answer answered = client.call("tools/call", "ask", "\"name\":\"ask\",\"requestState\":\"" + state
                + "\",\"inputResponses\":{\"who\":{\"action\":\"accept\",\"content\":{\"name\":\"ada\"}}}");
        assertNotEquals(asked.replica(), answered.replica(), "round-robin sent the retry to another replica");
        JsonObject text = answered.result().getJsonArray("content").getJsonObject(0);
        assertEquals("asked ada", text.getString("text"));
    }
}
