package dev.jmcp.core.internal.resources;

import dev.jmcp.core.SigningKeys;
import dev.jmcp.core.internal.listen.Listens;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.auth.AuthorizationDecision;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.tasks.TaskWork;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.JsonValue;
import java.util.Map;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.McpMethods;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.common.CacheableResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ResourcesCapability;
import dev.jmcp.schema.resources.ByteRange;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.RangedReads;
import dev.jmcp.schema.resources.ListResourceTemplatesRequestParams;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesRequestParams;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadDirectoryRequestParams;
import dev.jmcp.schema.resources.ReadResourceMetadataRequestParams;
import dev.jmcp.schema.resources.ReadResourceMetadataResult;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import dev.jmcp.schema.resources.SubscribeRequestParams;
import dev.jmcp.schema.resources.UnsubscribeRequestParams;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The server side of the resources feature, shared by every session of one server: it answers
 * {@code resources/list}, {@code resources/read}, {@code resources/metadata},
 * {@code resources/templates/list}, SEP-2640's {@code resources/directory/read} and, when a provider reports updates, {@code resources/subscribe}
 * and {@code resources/unsubscribe}, and turns the providers' change events into notifications.
 *
 * <p>It hears every change of the providers from the server's {@link ProviderLifecycle}, from the
 * start, not from the first subscription: a list change must advance the cursors' listing
 * generation (making older counting cursors stale) and reach every session even when nobody has
 * subscribed to anything.
 */
public final class ResourcesFeature implements ServerFeature, ChangeListener {
    private static final System.Logger LOG = System.getLogger(ResourcesFeature.class.getName());
    /** Parent chains longer than this are cut: a provider whose parentOf loops must not hang us. */
    private static final int MAX_DEPTH = 256;

    private final List<ResourceProvider> providers;
    private final Router router;
    private final Cursors cursors;
    private final Listings listings;
    private final Reads reads;
    private final SubscriptionRegistry subscriptions = new SubscriptionRegistry();
    /** The caller of each session's last subscribe: updates are shown as it may see them. */
    private final Map<McpSession, Caller> subscribers = new ConcurrentHashMap<>();
    private final Set<ServerSession> sessions = ConcurrentHashMap.newKeySet();
    private final ResourcesCapability capability;
    private final CacheHint defaultHint;
    private final int maxSubscriptionsPerSession;
    private final long readAsTaskAbove;
    private volatile Listens listens;

    /**
     * @param providers   in order (priority, then id); may be empty
     * @param settings    the limits; never null
     * @param defaultHint the caching hint of a provider that gives none; never null
     * @param bodies      wraps each blob body opened while an answer is written ({@link ProviderLifecycle#track})
     * @param keys        sign the listing cursors; never null
     */
    public ResourcesFeature(List<ResourceProvider> providers, ResourceSettings settings, CacheHint defaultHint,
                            UnaryOperator<InputStream> bodies, SigningKeys keys) {
        this.cursors = new Cursors(keys);
        this.defaultHint = Objects.requireNonNull(defaultHint, "defaultHint");
        this.providers = List.copyOf(providers);
        Objects.requireNonNull(settings, "settings");
        this.router = new Router(this.providers);
        this.listings = new Listings(this.providers, cursors, settings.pageSize());
        this.reads = new Reads(settings, bodies);
        this.maxSubscriptionsPerSession = settings.maxSubscriptionsPerSession();
        this.readAsTaskAbove = settings.readAsTaskAboveBytes();
        boolean updates = this.providers.stream().anyMatch(ResourceProvider::reportsUpdates);
        boolean listChanges = this.providers.stream().anyMatch(ResourceProvider::reportsListChanges);
        this.capability = ResourcesCapability.of(updates, listChanges);
    }

    /** @return what the providers can do: subscribe when any reports updates, listChanged when any reports list changes */
    public ResourcesCapability capability() {
        return capability;
    }

    /** Adds the feature's handlers to the server's table, once. */
    @Override
    public void register(FeatureHandlers builder) {
        if (providers.isEmpty()) {
            return; // a server without providers serves no resources methods
        }
        builder.requestHandler(McpMethods.RESOURCES_LIST, this::list)
                .requestHandler(McpMethodNames.RESOURCES_READ, this::readOrTask)
                .requestHandler(McpMethods.RESOURCES_METADATA, this::metadata)
                .requestHandler(McpMethods.RESOURCES_DIRECTORY_READ, this::directory)
                .requestHandler(McpMethods.RESOURCES_TEMPLATES_LIST, this::templates);
        if (Boolean.TRUE.equals(capability.subscribe())) {
            builder.requestHandler(McpMethods.RESOURCES_SUBSCRIBE, this::subscribe)
                    .requestHandler(McpMethods.RESOURCES_UNSUBSCRIBE, this::unsubscribe);
        }
    }

    /**
     * Declares {@code resources} when there are providers, and the extensions this feature answers:
     * {@code resources/list} with {@code params.uri}, conditional reads and ranged reads, which a
     * client uses only when told.
     */
    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
        if (!providers.isEmpty()) {
            capabilities.resources(capability);
            capabilities.extensions(Map.of(ListResourcesRequestParams.CHILDREN_EXTENSION, JsonValue.EMPTY_JSON_OBJECT,
                    ConditionalReads.EXTENSION, JsonValue.EMPTY_JSON_OBJECT, RangedReads.EXTENSION, JsonValue.EMPTY_JSON_OBJECT));
        }
    }

    /** Tracks a session until it closes: it then gets list changes, and its subscriptions are dropped when it closes. */
    @Override
    public void attach(ServerSession session) {
        if (sessions.add(session)) {
            session.onClose().whenComplete((ignored, failure) -> forget(session));
        }
    }

    /**
     * Sends the providers' changes to the stateless era's {@code subscriptions/listen} streams too.
     *
     * @param streams the server's listen streams; may be null
     */
    public void listens(Listens streams) {
        this.listens = streams;
    }

    /** @return the number of (session, URI) subscriptions held: a test hook */
    public int subscriptionCount() {
        return subscriptions.size();
    }

    /** @return the entries the subscription indexes hold, 0 when empty: a test hook */
    public int subscriptionFootprint() {
        return subscriptions.footprint();
    }

    /** @return the sessions tracked for notifications: a test hook */
    public int sessionCount() {
        return sessions.size();
    }

    private void forget(ServerSession session) {
        sessions.remove(session);
        subscriptions.removeSession(session);
        subscribers.remove(session);
    }

    // ---- handlers: public for the resources-as-tools feature, which answers as they do, with the same decision ----

    /**
     * @return the resource at {@code uri} as its caller may see it
     * @throws ProtocolException -32602 (resource not found) when there is none, or it is hidden from the caller
     */
    public Resource describe(String uri, RequestContext context) {
        return router.require(uri, Caller.of(context)).resource();
    }

    /** Answers {@code resources/list}. */
    public ListResourcesResult list(ListResourcesRequestParams params, RequestContext context) {
        ListResourcesRequestParams p = params == null ? ListResourcesRequestParams.of() : params;
        if (p.uri() == null) {
            Caller caller = Caller.of(context);
            return (ListResourcesResult) hinted(listings.top(p.cursor(), caller, Versions.wantedInListings(caller)), context,
                    providers);
        }
        return children(McpMethodNames.RESOURCES_LIST, p.uri(), p.cursor(), context);
    }

    /**
     * SEP-2640: the children of a collection, as {@code resources/list} with {@code params.uri}
     * lists them (the same pages, the same cursors), a child collection marked as a directory.
     */
    private ListResourcesResult directory(ReadDirectoryRequestParams params, RequestContext context) {
        ReadDirectoryRequestParams p = required(params, McpMethodNames.RESOURCES_DIRECTORY_READ);
        return Directories.marked(children(McpMethodNames.RESOURCES_DIRECTORY_READ, p.uri(), p.cursor(), context));
    }

    /** A page of the children of the collection {@code uri}; -32602 when it is missing or not a collection. */
    private ListResourcesResult children(String method, String uri, String cursor, RequestContext context) {
        Caller caller = Caller.of(context);
        Router.Found found = router.require(uri, caller);
        if (!found.resource().collection()) {
            throw ResourceErrors.notACollection(method, uri);
        }
        return (ListResourcesResult) hinted(listings.children(found.provider(), uri, cursor, caller,
                        Versions.wantedInListings(caller)), context,
                List.of(found.provider()));
    }

    /** Answers {@code resources/templates/list}. */
    public ListResourceTemplatesResult templates(ListResourceTemplatesRequestParams params, RequestContext context) {
        ListResourceTemplatesRequestParams p = params == null ? ListResourceTemplatesRequestParams.page(null) : params;
        return (ListResourceTemplatesResult) hinted(listings.templates(p.cursor(), Caller.of(context)), context, providers);
    }

    /**
     * A large leaf ({@link ResourceSettings#readAsTaskAboveBytes()}) is read as task work: the server
     * runs it as a task when the client negotiated the extension, else in the request, as any other.
     */
    private Object readOrTask(Object params, RequestContext context) {
        if (params != null && !(params instanceof ReadResourceRequestParams)) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "params of " + McpMethodNames.RESOURCES_READ
                    + " could not be read as ReadResourceRequestParams");
        }
        ReadResourceRequestParams p = required((ReadResourceRequestParams) params, McpMethodNames.RESOURCES_READ);
        Router.Found found = router.require(p.uri(), Caller.of(context));
        Resource resource = found.resource();
        boolean large = !resource.collection() && resource.size() != null && resource.size() >= readAsTaskAbove
                && RangedReads.range(p.meta()) == null;
        // a read in the request uses the description just made (describing costs the provider a
        // resolution, a fifth of a small file's read); a task describes again when it runs, later
        return large ? TaskWork.optional(task -> read(p, task)) : read(p, found, context);
    }

    /**
     * A leaf whose version the client holds ({@link ConditionalReads#IF_NONE_MATCH}) and that still
     * has it is answered with no contents, without reading it; otherwise every element carries the
     * version taken before the content was read.
     */
    public ReadResourceResult read(ReadResourceRequestParams params, RequestContext context) {
        ReadResourceRequestParams p = required(params, McpMethodNames.RESOURCES_READ);
        return read(p, router.require(p.uri(), Caller.of(context)), context);
    }

    /** As {@link #read(ReadResourceRequestParams, RequestContext)}, of a resource found just now. */
    private ReadResourceResult read(ReadResourceRequestParams p, Router.Found found, RequestContext context) {
        String uri = p.uri();
        Caller caller = Caller.of(context);
        ReadResourceResult result;
        if (found.resource().collection()) {
            result = ReadResourceResult.of(reads.collection(found.provider(), found.resource(), caller, context));
        } else if (RangedReads.range(p.meta()) != null) {
            ByteRange range = RangedReads.range(p.meta());
            String version = Versions.of(found.provider(), found.resource()); // before the content, as for a whole read
            RangedRead.check(uri, version, range);
            result = RangedRead.slice(uri, reads.leaf(found, caller, context), range, version);
        } else {
            String version = Versions.of(found.provider(), found.resource());
            result = version != null && version.equals(ConditionalReads.ifNoneMatch(p.meta()))
                    ? ConditionalReads.notModified(version)
                    : ReadResourceResult.of(Versions.stamped(reads.leaf(found, caller, context), version));
        }
        return (ReadResourceResult) hinted(result, context, List.of(found.provider()));
    }

    /** Never reads content: only the provider's {@code describe}. */
    private ReadResourceMetadataResult metadata(ReadResourceMetadataRequestParams params, RequestContext context) {
        String uri = required(params, McpMethodNames.RESOURCES_METADATA).uri();
        Router.Found found = router.require(uri, Caller.of(context));
        return (ReadResourceMetadataResult) hinted(ReadResourceMetadataResult.of(Versions.stamped(found.provider(), found.resource())), context,
                List.of(found.provider()));
    }

    /**
     * Adds the caching hints of the providers a stateless result came from: the shortest and most
     * private of them, each provider's own or the server's default. Session results carry none.
     */
    private CacheableResult hinted(CacheableResult result, RequestContext context, List<ResourceProvider> from) {
        if (!context.isStateless()) {
            return result;
        }
        CacheHint hint = null;
        for (ResourceProvider provider : from) {
            CacheHint effective = provider.cacheHint().orElse(defaultHint);
            hint = hint == null ? effective : hint.and(effective);
        }
        hint = hint == null ? defaultHint : hint;
        return result.withCaching(hint.ttlMs(), hint.scope());
    }

    private EmptyResult subscribe(SubscribeRequestParams params, RequestContext context) {
        String uri = required(params, McpMethodNames.RESOURCES_SUBSCRIBE).uri();
        router.require(uri, Caller.of(context)); // subscribing to nothing is an error, as reading it is
        McpSession session = context.session();
        if (session.isOpen()) {
            // whom its updates are shown to: the principal (or none), not the request (nor any token)
            subscribers.put(session, Caller.builder().principal(context.principal().orElse(null))
                    .protocolVersion(context.protocolVersion()).build());
            int wanted = subscriptions.addAll(session, List.of(uri), maxSubscriptionsPerSession);
            if (wanted > maxSubscriptionsPerSession) {
                throw new ProtocolException(ErrorCodes.INVALID_PARAMS, McpMethodNames.RESOURCES_SUBSCRIBE
                        + ": the session holds " + (wanted - 1) + " subscriptions, maxSubscriptionsPerSession="
                        + maxSubscriptionsPerSession + "; " + uri + " was not added (unsubscribe from another first)");
            }
            if (!session.isOpen()) {
                subscriptions.removeSession(session); // it closed meanwhile; onClose may have run already
            }
        }
        return null;
    }

    private EmptyResult unsubscribe(UnsubscribeRequestParams params, RequestContext context) {
        String uri = required(params, McpMethodNames.RESOURCES_UNSUBSCRIBE).uri();
        subscriptions.remove(context.session(), uri);
        return null;
    }

    /** @return {@code params} of a method that needs them (a {@code uri}); -32602 saying so when there were none */
    private static <T> T required(T params, String method) {
        if (params == null) {
            throw ResourceErrors.missingUri(method);
        }
        return params;
    }

    // ---- events ----

    /** Goes to sessions subscribed to {@code uri} or to a collection that holds it, each once. */
    @Override
    public void updated(ResourceProvider provider, String uri) {
        Set<String> chain = new LinkedHashSet<>();
        for (String at = uri; at != null && chain.size() < MAX_DEPTH && chain.add(at); ) {
            at = parentOf(provider, at);
        }
        ResourceUpdatedNotificationParams params = ResourceUpdatedNotificationParams.of(uri);
        // a subscriber of a collection hears of a child only when it may see the child
        AuthorizationDecision decision = AuthorizedProvider.decisionOf(provider);
        for (McpSession session : subscriptions.subscribers(chain)) {
            Caller caller = subscribers.get(session);
            if (decision == null || caller == null || decision.permits(caller, uri)) {
                Notifications.send(session, McpMethodNames.RESOURCES_UPDATED, params);
            }
        }
        Listens streams = listens;
        if (streams != null) {
            streams.resourceUpdated(uri, chain, decision);
        }
    }

    @Override
    public void listChanged(ResourceProvider provider) {
        cursors.advance();
        Listens streams = listens;
        if (streams != null) {
            streams.listChanged(Listens.ListKind.RESOURCES);
        }
        if (Boolean.TRUE.equals(capability.listChanged())) {
            for (ServerSession session : sessions) {
                // a session that has not answered initialize yet learns the list when it asks
                if (session.negotiated() != null) {
                    Notifications.send(session, McpMethodNames.RESOURCES_LIST_CHANGED, null);
                }
            }
        }
    }

    private static String parentOf(ResourceProvider provider, String uri) {
        try {
            return provider.parentOf(uri).orElse(null);
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "parentOf({0}) of provider ''{1}'' failed: {2}", uri, provider.id(), e.toString());
            return null;
        }
    }
}
