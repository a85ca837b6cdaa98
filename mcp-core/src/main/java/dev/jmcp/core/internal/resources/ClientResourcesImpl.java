package dev.jmcp.core.internal.resources;

import static dev.jmcp.core.internal.resources.ClientCalls.await;

import dev.jmcp.core.resources.ClientResources;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.Negotiation;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.common.NotificationParams;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ResourcesCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.lifecycle.SubscriptionFilter;
import dev.jmcp.schema.resources.ByteRange;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.RangedReads;
import dev.jmcp.schema.resources.ListResourceTemplatesRequestParams;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesRequestParams;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceMetadataRequestParams;
import dev.jmcp.schema.resources.ReadResourceMetadataResult;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import dev.jmcp.schema.resources.SubscribeRequestParams;
import dev.jmcp.schema.resources.UnsubscribeRequestParams;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** The {@link ClientResources} of one client session. */
public final class ClientResourcesImpl implements ClientResources {
    private static final System.Logger LOG = System.getLogger(ClientResourcesImpl.class.getName());
    private final Duration callTimeout;
    private final ClientUpdates updates = new ClientUpdates();
    private final ClientListen listen;
    private final ResultCache cache;
    private volatile ClientSession session;

    /**
     * @param callTimeout      each synchronous call's timeout
     * @param maxCachedResults how many results the caching hints let the client keep; 0 for none
     */
    public ClientResourcesImpl(Duration callTimeout, int maxCachedResults) {
        this(callTimeout, maxCachedResults, Clock.systemUTC());
    }

    /** @param clock tells the cache's entries when they expire */
    ClientResourcesImpl(Duration callTimeout, int maxCachedResults, Clock clock) {
        this.callTimeout = Objects.requireNonNull(callTimeout, "callTimeout");
        this.listen = new ClientListen(callTimeout);
        this.cache = new ResultCache(maxCachedResults, clock);
    }

    /** Receives the server's resource notifications on a session being built. */
    public void register(ClientSession.Builder builder) {
        builder.notificationHandler(McpMethodNames.RESOURCES_UPDATED, (params, from) -> {
            if (params instanceof ResourceUpdatedNotificationParams update && listen.isCurrent(update.meta())) {
                cache.updated(update.uri());
                updates.updated(params);
            }
        }).notificationHandler(McpMethodNames.RESOURCES_LIST_CHANGED, (params, from) -> {
            if (!(params instanceof NotificationParams notification) || listen.isCurrent(notification.meta())) {
                cache.listChanged();
                updates.listChanged();
            }
        }).notificationHandler(McpMethodNames.SUBSCRIPTIONS_ACKNOWLEDGED, (params, from) -> listen.acknowledged(params));
    }

    /** @param value the session, once built */
    public void bind(ClientSession value) {
        this.session = value;
    }

    @Override
    public CompletableFuture<ListResourcesResult> listAsync(String cursor) {
        return cached(new ResultCache.Key(McpMethodNames.RESOURCES_LIST, null, cursor), ListResourcesResult.class,
                () -> call(McpMethodNames.RESOURCES_LIST, ListResourcesRequestParams.page(cursor),
                        ListResourcesResult.class, null, null));
    }

    @Override
    public CompletableFuture<ListResourcesResult> childrenAsync(String uri, String cursor) {
        Objects.requireNonNull(uri, "uri");
        if (!listsChildren()) {
            // a server without the extension ignores params.uri and answers with its top level:
            // a silent wrong answer, so the request is not sent at all
            return CompletableFuture.failedFuture(new McpException("the server cannot list children of " + uri
                    + ": it does not advertise jmcp's children listing (capabilities.extensions[\""
                    + ListResourcesRequestParams.CHILDREN_EXTENSION + "\"])"));
        }
        ListResourcesRequestParams params = ListResourcesRequestParams.children(uri, cursor);
        return cached(new ResultCache.Key(McpMethodNames.RESOURCES_LIST, uri, cursor), ListResourcesResult.class,
                () -> call(McpMethodNames.RESOURCES_LIST, params, ListResourcesResult.class, uri, null));
    }

    /** @return whether the server advertised {@link ListResourcesRequestParams#CHILDREN_EXTENSION} */
    private boolean listsChildren() {
        return advertises(ListResourcesRequestParams.CHILDREN_EXTENSION);
    }

    /** @return whether the server advertised {@link ConditionalReads#EXTENSION} */
    private boolean readsConditionally() {
        return advertises(ConditionalReads.EXTENSION);
    }

    private boolean advertises(String extension) {
        ServerCapabilities capabilities = session().negotiated() == null ? null
                : session().negotiated().serverCapabilities();
        return capabilities != null && capabilities.extensions() != null
                && capabilities.extensions().containsKey(extension);
    }

    @Override
    public CompletableFuture<ReadResourceResult> readAsync(String uri, RequestOptions options) {
        Objects.requireNonNull(uri, "uri");
        // a read that asks for progress wants to watch it come
        if (options != null && options.progressListener() != null) {
            return conditionalRead(uri, null, options);
        }
        ResultCache.Key key = new ResultCache.Key(McpMethodNames.RESOURCES_READ, uri, null);
        ReadResourceResult stale = readsConditionally() ? cache.stale(key) : null; // null while fresh
        if (stale == null) {
            return cached(key, ReadResourceResult.class, () -> conditionalRead(uri, null, options));
        }
        // revalidate: the server sends the content only when it changed since the version held
        return conditionalRead(uri, ConditionalReads.version(stale), options).thenApply(result -> {
            if (ConditionalReads.isNotModified(result)) {
                cache.revalidated(key, stale, result.ttlMs());
                return stale;
            }
            cache.put(key, result, true);
            return result;
        });
    }

    @Override
    public CompletableFuture<ReadResourceResult> readIfChangedAsync(String uri, String heldVersion) {
        return conditionalRead(Objects.requireNonNull(uri, "uri"), heldVersion, null);
    }

    @Override
    public CompletableFuture<ReadResourceResult> readRangeAsync(String uri, ByteRange range) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(range, "range");
        if (!offersRanges()) { // a server without the extension would ignore the key and send it all
            return CompletableFuture.failedFuture(new McpException("the server does not offer ranged reads: it does not"
                    + " advertise the extension " + RangedReads.EXTENSION));
        }
        return call(McpMethodNames.RESOURCES_READ, RangedReads.readRange(uri, range), ReadResourceResult.class, uri, null);
    }

    @Override
    public boolean offersRanges() {
        return advertises(RangedReads.EXTENSION);
    }

    /** A read that holds {@code heldVersion}, unless it is null or the server does not offer conditional reads. */
    private CompletableFuture<ReadResourceResult> conditionalRead(String uri, String heldVersion, RequestOptions options) {
        // a server without the extension is never sent the key: it would send the content anyway
        ReadResourceRequestParams params = heldVersion == null || !readsConditionally() ? ReadResourceRequestParams.of(uri)
                : ConditionalReads.readIfNoneMatch(uri, heldVersion);
        return call(McpMethodNames.RESOURCES_READ, params, ReadResourceResult.class, uri, options);
    }

    @Override
    public CompletableFuture<Resource> metadataAsync(String uri) {
        Objects.requireNonNull(uri, "uri");
        return cached(new ResultCache.Key(McpMethodNames.RESOURCES_METADATA, uri, null),
                ReadResourceMetadataResult.class, () -> call(McpMethodNames.RESOURCES_METADATA,
                        ReadResourceMetadataRequestParams.of(uri), ReadResourceMetadataResult.class, uri, null))
                .thenApply(ReadResourceMetadataResult::resource);
    }

    @Override
    public CompletableFuture<ListResourceTemplatesResult> templatesAsync(String cursor) {
        return cached(new ResultCache.Key(McpMethodNames.RESOURCES_TEMPLATES_LIST, null, cursor),
                ListResourceTemplatesResult.class, () -> call(McpMethodNames.RESOURCES_TEMPLATES_LIST,
                        ListResourceTemplatesRequestParams.page(cursor), ListResourceTemplatesResult.class, null, null));
    }

    @Override
    public Subscription subscribe(String uri, Consumer<String> listener) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(listener, "listener");
        ResourcesCapability capability = session().negotiated() == null ? null
                : session().negotiated().serverCapabilities().resources();
        if (capability == null || !Boolean.TRUE.equals(capability.subscribe())) {
            throw new McpException("cannot subscribe to " + uri + ": the server does not offer resources.subscribe"
                    + " (its resources capability is " + capability + ")");
        }
        if (isStateless()) {
            return listenFor(uri, listener);
        }
        return updates.subscribe(uri, listener,
                () -> await(call(McpMethodNames.RESOURCES_SUBSCRIBE, SubscribeRequestParams.of(uri), EmptyResult.class,
                        uri, null)),
                () -> {
                    if (session().isOpen()) {
                        await(call(McpMethodNames.RESOURCES_UNSUBSCRIBE, UnsubscribeRequestParams.of(uri),
                                EmptyResult.class, uri, null));
                    }
                });
    }

    /** A subscription of 2026-07-28: the URI joins the filter of the client's one listen. */
    private Subscription listenFor(String uri, Consumer<String> listener) {
        ClientUpdates.Entry entry = updates.add(uri, listener);
        try {
            SubscriptionFilter acknowledged = relisten();
            if (!acknowledged.subscribes(uri)) {
                throw new McpException("cannot subscribe to " + uri + ": the server's subscriptions/listen"
                        + " acknowledged updates only of " + acknowledged.resourceSubscriptions());
            }
        } catch (RuntimeException e) {
            if (updates.remove(entry)) {
                relistenQuietly();
            }
            throw e;
        }
        return () -> {
            if (updates.remove(entry) && session().isOpen()) {
                relisten();
            }
        };
    }

    @Override
    public Subscription onListChanged(Runnable listener) {
        Subscription local = updates.onListChanged(listener);
        if (!isStateless()) {
            return local;
        }
        relisten();
        return () -> {
            local.close();
            if (session().isOpen()) {
                relisten();
            }
        };
    }

    private boolean isStateless() {
        Negotiation negotiation = session().negotiation();
        return negotiation != null && negotiation.isStateless();
    }

    private SubscriptionFilter relisten() {
        return listen.update(session(), updates.hasListChangedListeners(), updates.uris());
    }

    private void relistenQuietly() {
        try {
            relisten();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not narrow subscriptions/listen after a failed subscribe", e);
        }
    }

    /** @return the number of URIs with listeners: a test hook */
    public int subscribedUris() {
        return updates.size();
    }

    private ClientSession session() {
        ClientSession current = session;
        if (current == null) {
            throw new IllegalStateException("the client is not connected yet");
        }
        return current;
    }

    /** @return the result the cache still holds for {@code key}, else {@code send}'s, which the cache may keep */
    private <R> CompletableFuture<R> cached(ResultCache.Key key, Class<R> type, Supplier<CompletableFuture<R>> send) {
        Object hit = cache.get(key);
        if (type.isInstance(hit)) {
            return CompletableFuture.completedFuture(type.cast(hit));
        }
        CompletableFuture<R> sent = send.get();
        boolean revalidates = readsConditionally();
        // the caller sees the result only once it is kept: a read right after must find it
        CompletableFuture<R> kept = sent.thenApply(result -> {
            cache.put(key, result, revalidates);
            return result;
        });
        kept.whenComplete((result, failure) -> {
            if (kept.isCancelled()) {
                sent.cancel(true); // the caller's cancellation reaches the request
            }
        });
        return kept;
    }

    /** @return the number of results the cache holds: a test hook */
    public int cachedResults() {
        return cache.size();
    }

    /**
     * Sends a request whose failures come out translated, and whose cancellation reaches the session.
     *
     * @param uri the resource the call is about, to recognise "not found"; null when none
     */
    private <R> CompletableFuture<R> call(String method, Object params, Class<R> type, String uri,
                                          RequestOptions options) {
        RequestOptions effective = options == null ? RequestOptions.timeout(callTimeout)
                : options.timeout() == null ? options.toBuilder().timeout(callTimeout).build() : options;
        return ClientCalls.call(session(), method, params, type, effective, failure -> translate(failure, uri));
    }

    private static Throwable translate(Throwable failure, String uri) {
        if (uri != null && failure instanceof ProtocolException protocol && !(failure instanceof ResourceNotFoundException)
                && ResourceNotFoundException.isNotFound(protocol)) {
            return new ResourceNotFoundException(uri, protocol);
        }
        return failure;
    }
}
