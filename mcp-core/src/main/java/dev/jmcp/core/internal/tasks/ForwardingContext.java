package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.LoggingLevel;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** A {@link RequestContext} that answers as the request that started a task; the two task contexts change parts of it. */
abstract class ForwardingContext implements RequestContext {
    final RequestContext request;

    ForwardingContext(RequestContext request) {
        this.request = request;
    }

    @Override
    public RequestId requestId() {
        return request.requestId();
    }

    @Override
    public String method() {
        return request.method();
    }

    @Override
    public JsonObject meta() {
        return request.meta();
    }

    @Override
    public boolean isCancelled() {
        return request.isCancelled();
    }

    @Override
    public void onCancel(Runnable listener) {
        request.onCancel(listener);
    }

    @Override
    public ProgressToken progressToken() {
        return request.progressToken();
    }

    @Override
    public CompletableFuture<Void> progress(double progress, Double total, String message) {
        return request.progress(progress, total, message);
    }

    @Override
    public McpSession session() {
        return request.session();
    }

    @Override
    public boolean isStateless() {
        return request.isStateless();
    }

    @Override
    public String protocolVersion() {
        return request.protocolVersion();
    }

    @Override
    public ClientCapabilities clientCapabilities() {
        return request.clientCapabilities();
    }

    @Override
    public Implementation clientInfo() {
        return request.clientInfo();
    }

    @Override
    public Optional<Principal> principal() {
        return request.principal();
    }

    @Override
    public LoggingLevel logLevel() {
        return request.logLevel();
    }

    @Override
    public CompletableFuture<Void> log(LoggingLevel level, String logger, JsonValue data) {
        return request.log(level, logger, data);
    }

    @Override
    public Map<String, JsonObject> inputResponses() {
        return request.inputResponses();
    }

    @Override
    public String requestState() {
        return request.requestState();
    }

    @Override
    public String sealRequestState(String payload) {
        return request.sealRequestState(payload);
    }
}
