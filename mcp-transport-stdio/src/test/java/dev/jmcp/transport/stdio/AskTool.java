package dev.jmcp.transport.stdio;

import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.Map;

/**
 * One tool, {@code ask}, that needs a multi round-trip request (2026-07-28): called without a
 * {@code requestState} it answers {@code input_required}, asking the client for a name and sealing
 * {@value #STATE} into the state; the retry opens the state and answers
 * {@code "<state>: hello <name>"}. For {@link StatelessServerMain}.
 */
final class AskTool implements ServerFeature {
    /** The payload the first round seals; the client can read it but must not change it. */
    static final String STATE = "asked-for-name";

    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
        capabilities.tools(ListChangedCapability.of(false));
    }

    @Override
    public void register(FeatureHandlers session) {
        session.requestHandler("tools/list", (params, context) -> Json.createObjectBuilder()
                .add("tools", Json.createArrayBuilder().add(Json.createObjectBuilder().add("name", "ask")
                        .add("inputSchema", Json.createObjectBuilder().add("type", "object")))).build());
        session.requestHandler("tools/call", this::call);
    }

    private Object call(Object params, RequestContext context) {
        String name = ((JsonObject) params).getString("name", "");
        if (!name.equals("ask")) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "Unknown tool: " + name);
        }
        String state = context.requestState();
        if (state == null) {
            JsonObject ask = Json.createObjectBuilder().add("method", "elicitation/create")
                    .add("params", Json.createObjectBuilder().add("message", "Your name?")
                            .add("requestedSchema", Json.createObjectBuilder().add("type", "object")))
                    .build();
            return InputRequiredResult.of(Map.of("name", ask), context.sealRequestState(STATE));
        }
        JsonObject answer = context.inputResponses().get("name");
        String who = answer == null ? "nobody" : answer.getJsonObject("content").getString("name");
        return Json.createObjectBuilder().add("content", Json.createArrayBuilder().add(Json.createObjectBuilder()
                .add("type", "text").add("text", state + ": hello " + who))).build();
    }
}
