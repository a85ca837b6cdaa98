package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.core.session.Negotiated;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.LoggingLevel;
import dev.jmcp.schema.lifecycle.LoggingMessageNotificationParams;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The {@link RequestContext} of one inbound request in flight: of the session's era, or stateless
 * (2026-07-28) when it carried its own {@link RequestMeta}.
 */
final class HandlerContext implements RequestContext, AnswerHolder {
    private static final System.Logger LOG = System.getLogger(HandlerContext.class.getName());

    private final RequestHost host;
    private final JsonRpcRequest request;
    private final JsonObject meta;
    private final ProgressToken token;
    private final RequestMeta stateless;
    private final Principal principal;
    private final List<Runnable> listeners = new ArrayList<>();
    private volatile boolean cancelled;
    private Runnable onFinish;
    private boolean finished;
    private CompletableFuture<?> stage;
    private Double lastProgress;
    private final AnswerHold hold;

    /** @param stateless what a stateless request says about itself; null for a request of the session */
    HandlerContext(RequestHost host, JsonRpcRequest request, JsonObject meta, RequestMeta stateless,
            Principal principal) {
        this.principal = principal;
        this.host = host;
        this.request = request;
        this.meta = meta;
        this.token = Meta.progressToken(meta);
        this.stateless = stateless;
        this.hold = new AnswerHold(host.answerBudget());
    }

    Object params() {
        return request.params();
    }

    /** Marks the request cancelled, runs the listeners and cancels the handler's stage; idempotent. */
    void cancel(String reason) {
        List<Runnable> toRun;
        CompletableFuture<?> running;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            toRun = List.copyOf(listeners);
            listeners.clear();
            running = stage;
        }
        LOG.log(Level.DEBUG, "{0} (id {1}) cancelled: {2}", request.method(), request.id(), reason);
        toRun.forEach(this::runListener);
        if (running != null) {
            running.cancel(false);
        }
    }

    /** Runs {@code action} once, when the request leaves the in-flight set. */
    void onFinish(Runnable action) {
        synchronized (this) {
            onFinish = action;
        }
    }

    /** The request has left the in-flight set (answered, or dropped with its session); idempotent. */
    void finished() {
        Runnable action;
        synchronized (this) {
            if (finished) {
                return;
            }
            finished = true;
            action = onFinish;
        }
        if (action != null) {
            action.run();
        }
    }

    /** @return what this request holds of its transport's answer budget until its answer is written */
    @Override
    public AnswerHold answerHold() {
        return hold;
    }

    /** Remembers the stage a handler returned, so that cancellation reaches it. */
    void stage(CompletableFuture<?> running) {
        boolean already;
        synchronized (this) {
            stage = running;
            already = cancelled;
        }
        if (already) {
            running.cancel(false);
        }
    }

    @Override
    public RequestId requestId() {
        return request.id();
    }

    @Override
    public String method() {
        return request.method();
    }

    @Override
    public JsonObject meta() {
        return meta;
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public void onCancel(Runnable listener) {
        Objects.requireNonNull(listener, "listener");
        boolean now;
        synchronized (this) {
            now = cancelled;
            if (!now) {
                listeners.add(listener);
            }
        }
        if (now) {
            runListener(listener);
        }
    }

    @Override
    public ProgressToken progressToken() {
        return token;
    }

    @Override
    public CompletableFuture<Void> progress(double progress, Double total, String message) {
        if (token == null || cancelled) {
            return CompletableFuture.completedFuture(null);
        }
        // 2024-11-05 has no message field
        String text = ProtocolVersions.V2024_11_05.equals(protocolVersion()) ? null : message;
        ProgressNotificationParams params = new ProgressNotificationParams(token, progress, total, text, null);
        synchronized (this) {
            if (lastProgress != null && !(progress > lastProgress)) {
                throw new IllegalArgumentException("progress must increase with each notification, as the spec "
                        + "requires: " + progress + " after " + lastProgress);
            }
            lastProgress = progress;
        }
        return host.notify(McpMethodNames.PROGRESS, params);
    }

    @Override
    public McpSession session() {
        return host.facade();
    }

    private void runListener(Runnable listener) {
        try {
            listener.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "a cancellation listener of " + request.method() + " (id " + request.id()
                    + ") failed", e);
        }
    }

    @Override
    public boolean isStateless() {
        return stateless != null;
    }

    @Override
    public String protocolVersion() {
        return stateless != null ? stateless.protocolVersion() : negotiatedVersion();
    }

    private String negotiatedVersion() {
        Negotiated negotiated = host.negotiated();
        return negotiated == null ? null : negotiated.protocolVersion();
    }

    @Override
    public Optional<Principal> principal() {
        return Optional.ofNullable(principal);
    }

    @Override
    public ClientCapabilities clientCapabilities() {
        if (stateless != null) {
            return stateless.clientCapabilities();
        }
        Negotiated negotiated = host.negotiated();
        return negotiated == null ? ClientCapabilities.none() : negotiated.clientCapabilities();
    }

    @Override
    public Implementation clientInfo() {
        if (stateless != null) {
            return stateless.clientInfo();
        }
        Negotiated negotiated = host.negotiated();
        return negotiated == null ? null : negotiated.clientInfo();
    }

    @Override
    public LoggingLevel logLevel() {
        return stateless == null ? null : stateless.logLevel();
    }

    @Override
    public CompletableFuture<Void> log(LoggingLevel level, String logger, JsonValue data) {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(data, "data");
        if (cancelled || stateless != null && (stateless.logLevel() == null || !level.isAtLeast(stateless.logLevel()))) {
            return CompletableFuture.completedFuture(null);
        }
        return host.notifyLog(LoggingMessageNotificationParams.of(level, logger, data));
    }

    @Override
    public Map<String, JsonObject> inputResponses() {
        return Params.inputResponses(request.params());
    }

    @Override
    public String requestState() {
        String sealed = Params.requestState(request.params());
        return sealed == null ? null : host.requestStates().open(request.method(), boundTo(), sealed);
    }

    /**
     * @return what a {@code requestState} is bound to besides the method: the name or URI of the
     *         request and, when it was authenticated, its principal's subject (length-prefixed, so that
     *         no name can pass for another subject's): a state is refused when another principal
     *         presents it, as the 2026-07-28 spec asks
     */
    private String boundTo() {
        String subject = Params.subject(request.params());
        if (principal == null) {
            return subject;
        }
        return "principal " + principal.subject().length() + ":" + principal.subject() + " "
                + (subject == null ? "" : subject);
    }

    @Override
    public String sealRequestState(String payload) {
        Objects.requireNonNull(payload, "payload");
        return host.requestStates().seal(request.method(), boundTo(), payload);
    }
}
