package dev.jmcp.core.internal.listen;

import dev.jmcp.core.auth.AuthorizationDecision;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.common.NotificationParams;
import dev.jmcp.schema.common.ResultType;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ServerMetaKeys;
import dev.jmcp.schema.lifecycle.SubscriptionFilter;
import dev.jmcp.schema.lifecycle.SubscriptionsAcknowledgedNotificationParams;
import dev.jmcp.schema.lifecycle.SubscriptionsListenResult;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * One open {@code subscriptions/listen} stream: what it was acknowledged for, and the request it
 * answers. Every message it carries has the listen request's id as its subscription id. The lock
 * keeps the acknowledgement first: no event is sent before it.
 */
final class Listen {
    private static final System.Logger LOG = System.getLogger(Listen.class.getName());
    private static final JsonProvider JSON = JsonRuntime.provider();

    private final RequestContext context;
    private final SubscriptionFilter filter;
    /** The watched URIs, for a look-up per event rather than a scan of thousands. */
    private final Set<String> watched;
    private final JsonObject meta;
    private final CompletableFuture<Object> done = new CompletableFuture<>();
    private boolean released;

    Listen(RequestContext context, SubscriptionFilter filter) {
        this.context = context;
        this.filter = filter;
        this.watched = filter.resourceSubscriptions() == null ? Set.of() : Set.copyOf(filter.resourceSubscriptions());
        RequestId id = context.requestId();
        JsonValue subscriptionId = id instanceof RequestId.Numeric numeric ? JSON.createValue(numeric.value())
                : JSON.createValue(((RequestId.Text) id).value());
        this.meta = JSON.createObjectBuilder().add(ServerMetaKeys.SUBSCRIPTION_ID, subscriptionId).build();
    }

    /**
     * Registers the stream for events and acknowledges it, holding the lock that {@link #send}
     * takes: an event that finds the stream at once waits until the acknowledgement has gone.
     */
    synchronized void open(Consumer<Listen> register) {
        register.accept(this);
        context.session().sendNotification(McpMethodNames.SUBSCRIPTIONS_ACKNOWLEDGED,
                new SubscriptionsAcknowledgedNotificationParams(filter, meta)).whenComplete(this::logFailure);
    }

    /** @return what the handler returns: completes when the server ends the stream */
    CompletableFuture<Object> done() {
        return done;
    }

    boolean wants(Listens.ListKind kind) {
        return switch (kind) {
            case RESOURCES -> Boolean.TRUE.equals(filter.resourcesListChanged());
            case TOOLS -> Boolean.TRUE.equals(filter.toolsListChanged());
            case PROMPTS -> Boolean.TRUE.equals(filter.promptsListChanged());
        };
    }

    /** @return true when the listen's caller may see {@code uri} */
    boolean mayKnow(AuthorizationDecision decision, String uri) {
        return decision.permits(Caller.of(context), uri);
    }

    boolean watches(Set<String> chain) {
        if (watched.isEmpty()) {
            return false;
        }
        for (String uri : chain) {
            if (watched.contains(uri)) {
                return true;
            }
        }
        return false;
    }

    /** @return how many URIs it was acknowledged for, as counted against {@code maxListenUris} */
    int watchedCount() {
        return filter.resourceSubscriptions() == null ? 0 : filter.resourceSubscriptions().size();
    }

    /** @param uri the updated resource for {@code notifications/resources/updated}; null for a list change */
    synchronized void send(String method, String uri) {
        if (done.isDone() || context.isCancelled()) {
            return;
        }
        Object params = uri == null ? new NotificationParams(meta) : new ResourceUpdatedNotificationParams(uri, meta);
        context.session().sendNotification(method, params).whenComplete(this::logFailure);
    }

    /** Ends the stream from the server's side: its final result carries the subscription id. */
    synchronized void finish() {
        done.complete(new SubscriptionsListenResult(ResultType.COMPLETE, meta));
    }

    /** @return true the first time: the stream's place is given back */
    synchronized boolean release() {
        if (released) {
            return false;
        }
        released = true;
        return true;
    }

    private void logFailure(Object ignored, Throwable failure) {
        if (failure != null) {
            LOG.log(Level.DEBUG, "subscriptions/listen {0}: could not send: {1}", context.requestId(), failure.toString());
        }
    }
}
