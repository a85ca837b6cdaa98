package dev.jmcp.core.internal.listen;

import dev.jmcp.core.ServerSettings;
import dev.jmcp.core.auth.AuthorizationDecision;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.ResourcesCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.lifecycle.SubscriptionFilter;
import dev.jmcp.schema.lifecycle.SubscriptionsListenRequestParams;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The open {@code subscriptions/listen} streams of one server (2026-07-28), and the handler that
 * opens them: it acknowledges the part of the client's filter the server can honour, keeps the
 * request open, and fans the server's change events out to the streams that asked for them, each
 * tagged with its subscription id. A stream ends when the client cancels it or goes away, or, with
 * a final result, when the server closes. Thread-safe.
 */
public final class Listens implements AutoCloseable {
    /** The kinds of list whose changes a listen may ask for. */
    public enum ListKind {
        RESOURCES(McpMethodNames.RESOURCES_LIST_CHANGED),
        TOOLS("notifications/tools/list_changed"),
        PROMPTS("notifications/prompts/list_changed");

        private final String notification;

        ListKind(String notification) {
            this.notification = notification;
        }

        /** @return the notification that tells of a change of this list */
        public String notification() {
            return notification;
        }
    }

    private final int max;
    private final int maxUrisPerListen;
    private final int maxUris;
    private final ServerCapabilities capabilities;
    private final Set<Listen> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger reserved = new AtomicInteger();
    /** The resource URIs the open streams watch, together. */
    private final AtomicInteger uris = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param settings     {@code maxOpenListens}, {@code maxUrisPerListen} and {@code maxListenUris}
     * @param capabilities what the server declares: a listen is acknowledged only for what it can send
     */
    public Listens(ServerSettings settings, ServerCapabilities capabilities) {
        this.max = settings.maxOpenListens();
        this.maxUrisPerListen = settings.maxUrisPerListen();
        this.maxUris = settings.maxListenUris();
        this.capabilities = Objects.requireNonNull(capabilities, "capabilities");
    }

    /** Adds the {@code subscriptions/listen} handler to the server's table, once. */
    public void register(FeatureHandlers handlers) {
        handlers.requestHandler(McpMethodNames.SUBSCRIPTIONS_LISTEN, this::listen);
    }

    /** @return how many streams are open: a test hook */
    public int openCount() {
        return open.size();
    }

    private Object listen(Object params, RequestContext context) {
        if (!context.isStateless()) {
            throw new ProtocolException(ErrorCodes.METHOD_NOT_FOUND, "method not found: subscriptions/listen belongs "
                    + "to the stateless revisions; a session of " + context.protocolVersion()
                    + " subscribes with resources/subscribe");
        }
        if (!(params instanceof SubscriptionsListenRequestParams request)) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS,
                    "params.notifications is required: the notifications the stream should carry");
        }
        if (closed.get()) {
            throw new ProtocolException(ErrorCodes.INTERNAL_ERROR, "the server is closing: it opens no new listen");
        }
        List<String> asked = request.notifications().resourceSubscriptions();
        if (asked != null && asked.size() > maxUrisPerListen) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "subscriptions/listen asks for " + asked.size()
                    + " resource URIs, more than maxUrisPerListen=" + maxUrisPerListen, setting("maxUrisPerListen",
                    maxUrisPerListen));
        }
        if (reserved.incrementAndGet() > max) {
            reserved.decrementAndGet();
            throw new ProtocolException(ErrorCodes.INTERNAL_ERROR,
                    "too many open subscriptions/listen streams: maxOpenListens=" + max, setting("maxOpenListens", max));
        }
        SubscriptionFilter honoured = acknowledged(request.notifications());
        int watched = honoured.resourceSubscriptions() == null ? 0 : honoured.resourceSubscriptions().size();
        if (uris.addAndGet(watched) > maxUris) {
            uris.addAndGet(-watched);
            reserved.decrementAndGet();
            throw new ProtocolException(ErrorCodes.INTERNAL_ERROR, "the open subscriptions/listen streams watch "
                    + (uris.get()) + " resource URIs; " + watched + " more would pass maxListenUris=" + maxUris,
                    setting("maxListenUris", maxUris));
        }
        Listen listen = new Listen(context, honoured);
        listen.open(open::add);
        context.onCancel(() -> end(listen));
        context.session().onClose().whenComplete((ignored, failure) -> end(listen));
        if (closed.get()) {
            listen.finish(); // close() ran meanwhile and did not see this one
            end(listen);
        }
        return listen.done();
    }

    private static JsonObject setting(String name, int value) {
        return JsonRuntime.provider().createObjectBuilder().add("setting", name).add("value", value).build();
    }

    /** The part of {@code asked} that this server can send: nothing it does not declare. */
    private SubscriptionFilter acknowledged(SubscriptionFilter asked) {
        ResourcesCapability resources = capabilities.resources();
        List<String> uris = asked.resourceSubscriptions() != null && resources != null
                && Boolean.TRUE.equals(resources.subscribe()) ? asked.resourceSubscriptions() : null;
        return new SubscriptionFilter(
                honoured(asked.toolsListChanged(), changes(capabilities.tools())),
                honoured(asked.promptsListChanged(), changes(capabilities.prompts())),
                honoured(asked.resourcesListChanged(), resources != null && Boolean.TRUE.equals(resources.listChanged())),
                uris);
    }

    private static boolean changes(ListChangedCapability capability) {
        return capability != null && Boolean.TRUE.equals(capability.listChanged());
    }

    private static Boolean honoured(Boolean asked, boolean offered) {
        return Boolean.TRUE.equals(asked) && offered ? Boolean.TRUE : null;
    }

    private void end(Listen listen) {
        open.remove(listen);
        if (listen.release()) {
            reserved.decrementAndGet();
            uris.addAndGet(-listen.watchedCount());
        }
    }

    /** Sends the list change to every stream that asked for it. */
    public void listChanged(ListKind kind) {
        for (Listen listen : open) {
            if (listen.wants(kind)) {
                listen.send(kind.notification(), null);
            }
        }
    }

    /**
     * Sends {@code notifications/resources/updated} for {@code uri} to every stream subscribed to
     * it or to one of the collections in {@code chain} (the URI and its ancestors), and that may see
     * it ({@code decision}, null for all): a listen of a collection hears nothing of a hidden child,
     * and one of a hidden URI hears nothing at all, as of a URI that does not exist.
     */
    public void resourceUpdated(String uri, Set<String> chain, AuthorizationDecision decision) {
        for (Listen listen : open) {
            if (listen.watches(chain) && (decision == null || listen.mayKnow(decision, uri))) {
                listen.send(McpMethodNames.RESOURCES_UPDATED, uri);
            }
        }
    }

    /** Ends every stream with its final result, as the spec asks of a server that shuts down; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (Listen listen : List.copyOf(open)) {
            listen.finish();
            end(listen);
        }
    }
}
