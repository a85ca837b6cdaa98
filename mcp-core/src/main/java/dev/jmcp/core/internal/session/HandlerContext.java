package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import jakarta.json.JsonObject;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** The {@link RequestContext} of one inbound request in flight. */
final class HandlerContext implements RequestContext {
    private static final System.Logger LOG = System.getLogger(HandlerContext.class.getName());

    private final SessionEngine engine;
    private final JsonRpcRequest request;
    private final JsonObject meta;
    private final ProgressToken token;
    private final List<Runnable> listeners = new ArrayList<>();
    private volatile boolean cancelled;
    private CompletableFuture<?> stage;
    private Double lastProgress;

    HandlerContext(SessionEngine engine, JsonRpcRequest request) {
        this.engine = engine;
        this.request = request;
        this.meta = Meta.of(request.params());
        this.token = Meta.progressToken(meta);
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
        String text = ProtocolVersions.V2024_11_05.equals(engine.protocolVersion()) ? null : message;
        ProgressNotificationParams params = new ProgressNotificationParams(token, progress, total, text, null);
        synchronized (this) {
            if (lastProgress != null && !(progress > lastProgress)) {
                throw new IllegalArgumentException("progress must increase with each notification, as the spec "
                        + "requires: " + progress + " after " + lastProgress);
            }
            lastProgress = progress;
        }
        return engine.notify(McpMethodNames.PROGRESS, params);
    }

    @Override
    public McpSession session() {
        return engine.facade();
    }

    private void runListener(Runnable listener) {
        try {
            listener.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "a cancellation listener of " + request.method() + " (id " + request.id()
                    + ") failed", e);
        }
    }
}
