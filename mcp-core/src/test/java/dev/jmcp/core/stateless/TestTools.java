package dev.jmcp.core.stateless;

import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.LoggingLevel;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

/** A tools feature for these tests: each tool exercises one thing a handler can do in the stateless era. */
final class TestTools implements ServerFeature {
    final CountDownLatch release = new CountDownLatch(1);
    final CompletableFuture<Void> blocked = new CompletableFuture<>();

    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
        capabilities.tools(ListChangedCapability.of(true));
    }

    @Override
    public void register(FeatureHandlers session) {
        session.requestHandler("tools/list", (params, context) -> Json.createObjectBuilder()
                .add("tools", Json.createArrayBuilder()).build());
        session.requestHandler("tools/call", this::call);
        // not a method that may ask for input: the engine must refuse the answer
        session.requestHandler("test/ask", (params, context) -> InputRequiredResult.of(null, "x"));
    }

    private Object call(Object params, RequestContext context) throws Exception {
        String name = ((JsonObject) params).getString("name");
        switch (name) {
            case "ask" -> {
                String state = context.requestState();
                if (state == null) {
                    return InputRequiredResult.of(Map.of("who", Json.createObjectBuilder()
                            .add("method", "elicitation/create").add("params", Json.createObjectBuilder()
                                    .add("message", "who?")).build()), context.sealRequestState("round-1"));
                }
                JsonObject answer = context.inputResponses().get("who");
                return text(state + ":" + (answer == null ? "none" : answer.getJsonObject("content").getString("name")));
            }
            case "log" -> {
                context.log(LoggingLevel.DEBUG, "t", Json.createValue("debug line")).join();
                context.log(LoggingLevel.WARNING, "t", Json.createValue("warning line")).join();
                return text("logged");
            }
            case "rawlog" -> {
                context.session().sendNotification("notifications/message", Json.createObjectBuilder()
                        .add("level", "error").add("data", "past the request's level").build()).join();
                return text("sent");
            }
            case "era" -> {
                return text(context.isStateless() + " " + context.protocolVersion() + " "
                        + (context.clientInfo() == null ? null : context.clientInfo().name()) + " "
                        + (context.clientCapabilities().sampling() != null));
            }
            case "block" -> {
                blocked.complete(null);
                release.await();
                return text("released");
            }
            default -> throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "Unknown tool: " + name);
        }
    }

    static JsonObject text(String value) {
        return Json.createObjectBuilder().add("content", Json.createArrayBuilder().add(Json.createObjectBuilder()
                .add("type", "text").add("text", value))).build();
    }
}
