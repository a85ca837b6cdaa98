package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.NotificationHandler;
import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ToolSchemas;
import dev.jmcp.schema.McpMethodNames;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

/** The handlers of a session by method name; immutable once built. */
public final class HandlerTable {
    /** Methods the session answers itself. */
    private static final Set<String> RESERVED = Set.of(McpMethodNames.INITIALIZE, McpMethodNames.PING,
            McpMethodNames.INITIALIZED, ServerHandshake.BARE_INITIALIZED, McpMethodNames.CANCELLED,
            McpMethodNames.PROGRESS);

    private final Map<String, RequestHandler> requests;
    private final Map<String, NotificationHandler> notifications;
    private final Set<String> jsonParams;
    private final ToolSchemas toolSchemas;

    private HandlerTable(Builder builder) {
        Map<String, RequestHandler> wrapped = new HashMap<>();
        builder.requests.forEach((method, handler) -> wrapped.put(method, builder.around.apply(handler)));
        this.requests = Map.copyOf(wrapped);
        this.notifications = Map.copyOf(builder.notifications);
        this.jsonParams = Set.copyOf(builder.jsonParams);
        this.toolSchemas = builder.toolSchemas != null ? builder.toolSchemas : ToolSchemas.none();
    }

    /** @return the input schemas of the tools the features serve; never null */
    public ToolSchemas toolSchemas() {
        return toolSchemas;
    }

    /** @return true when the params of inbound {@code method} reach its handler as JSON, not as MCP's record */
    public boolean paramsAsJson(String method) {
        return jsonParams.contains(method);
    }

    /** @return the handler of requests of {@code method}; null when there is none */
    public RequestHandler request(String method) {
        return requests.get(method);
    }

    /** @return the handler of notifications of {@code method}; null when there is none */
    public NotificationHandler notification(String method) {
        return notifications.get(method);
    }

    /**
     * Collects handlers and rejects duplicates and the session's own methods; what a server's
     * features register with. Not thread-safe.
     */
    public static final class Builder implements FeatureHandlers {
        private final Map<String, RequestHandler> requests = new HashMap<>();
        private final Map<String, NotificationHandler> notifications = new HashMap<>();
        private final Set<String> jsonParams = new HashSet<>();
        private ToolSchemas toolSchemas;
        private final UnaryOperator<RequestHandler> around;

        /** A table whose request handlers are taken as they are. */
        public Builder() {
            this(UnaryOperator.identity());
        }

        /** @param around wraps every request handler registered, such as to run what it answers as a task */
        public Builder(UnaryOperator<RequestHandler> around) {
            this.around = Objects.requireNonNull(around, "around");
        }

        public void request(String method, RequestHandler handler) {
            add(requests, method, handler, "request");
        }

        public void notification(String method, NotificationHandler handler) {
            add(notifications, method, handler, "notification");
        }

        @Override
        public FeatureHandlers requestHandler(String method, RequestHandler handler) {
            request(method, handler);
            return this;
        }

        @Override
        public FeatureHandlers notificationHandler(String method, NotificationHandler handler) {
            notification(method, handler);
            return this;
        }

        @Override
        public FeatureHandlers jsonParams(String method) {
            jsonParams.add(Objects.requireNonNull(method, "method"));
            return this;
        }

        @Override
        public FeatureHandlers toolSchemas(ToolSchemas schemas) {
            Objects.requireNonNull(schemas, "schemas");
            if (toolSchemas != null) {
                throw new IllegalArgumentException("tool schemas are given already (" + toolSchemas.getClass().getName()
                        + "); one feature, the one that serves tools/call, gives them: cannot also take "
                        + schemas.getClass().getName());
            }
            toolSchemas = schemas;
            return this;
        }

        private static <H> void add(Map<String, H> map, String method, H handler, String kind) {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(handler, "handler");
            if (RESERVED.contains(method)) {
                throw new IllegalArgumentException(method + " is handled by the session itself; no " + kind
                        + " handler may be registered for it");
            }
            H previous = map.putIfAbsent(method, handler);
            if (previous != null) {
                throw new IllegalArgumentException("a " + kind + " handler for " + method + " is already registered ("
                        + previous.getClass().getName() + "); cannot also register " + handler.getClass().getName());
            }
        }

        public HandlerTable build() {
            return new HandlerTable(this);
        }
    }
}
