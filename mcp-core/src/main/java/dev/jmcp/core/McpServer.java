package dev.jmcp.core;

import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.internal.listen.Listens;
import dev.jmcp.core.internal.resources.AuthorizedProvider;
import dev.jmcp.core.internal.resources.ChangeListener;
import dev.jmcp.core.internal.resources.ProviderLifecycle;
import dev.jmcp.core.internal.resources.ResourcesFeature;
import dev.jmcp.core.internal.resourcetools.ResourceToolsFeature;
import dev.jmcp.core.internal.session.HandlerTable;
import dev.jmcp.core.internal.session.RequestBudget;
import dev.jmcp.core.internal.session.RequestStates;
import dev.jmcp.core.internal.session.ServerSessionAccess;
import dev.jmcp.core.internal.session.ServerShared;
import dev.jmcp.core.internal.session.SessionThreads;
import dev.jmcp.core.internal.session.StatelessCall;
import dev.jmcp.core.internal.session.StatelessServer;
import dev.jmcp.core.internal.spi.ProviderDiscovery;
import dev.jmcp.core.internal.spi.Providers;
import dev.jmcp.core.internal.tasks.TaskRuntime;
import dev.jmcp.core.internal.tasks.TasksFeature;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.resourcetools.ResourceToolsSettings;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.session.SessionSettings;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.ChangeEvents;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.ResourceDialect;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.ServeOptions;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.spi.Serving;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.core.tasks.TaskSettings;
import dev.jmcp.core.tasks.TaskWork;
import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * An MCP server that serves resources from {@link ResourceProvider}s, over any number of
 * transports, one {@link ServerSession} per connection. It answers {@code resources/list} (paged,
 * and with {@code params.uri} the children of a collection), {@code resources/read} (SEP-2093:
 * contents carry their metadata, collections answer with some of their children),
 * {@code resources/metadata}, {@code resources/templates/list}, and, when a provider reports
 * changes, {@code resources/subscribe} and {@code resources/unsubscribe}. Its capabilities say only
 * what the providers can do. Thread-safe once built.
 *
 * <p>A server built with a {@linkplain Builder#dialect(ResourceDialect) resources dialect} answers
 * that dialect's resource methods over the same providers instead of MCP's, and speaks only the
 * {@code initialize} era: it serves the clients of that dialect, not MCP's standard clients.
 *
 * <p>A complete server, over the process's standard input and output (needs the stdio transport
 * module):
 * <pre>{@code
 * public final class NotesServer {
 *     public static void main(String[] args) throws Exception {
 *         InMemoryResourceProvider notes = InMemoryResourceProvider.create("notes")
 *                 .addCollection(Resource.of("notes://all", "all notes"))
 *                 .addText("notes://all", Resource.builder("notes://all/hello", "hello")
 *                         .mimeType("text/plain").build(), "Hello, world");
 *         try (McpServer server = McpServer.builder()
 *                 .serverInfo("notes", "1.0")
 *                 .resourceProvider(notes)
 *                 .build()) {
 *             server.serve(URI.create("stdio:-")).idle().join();
 *         }
 *     }
 * }
 * }</pre>
 *
 * @since 0.1
 */
public final class McpServer implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(McpServer.class.getName());

    private final Implementation serverInfo;
    private final String instructions;
    private final SessionSettings sessionSettings;
    private final List<TransportProvider> transportProviders;
    private final ResourcesFeature resources;
    private final ProviderLifecycle lifecycle;
    /**
     * True when the server speaks the stateless era too: MCP's own resources protocol, the default,
     * does; a resources dialect is a protocol of the {@code initialize} era.
     */
    private final boolean statelessEra;
    private final List<ServerFeature> features;
    private final ServerSettings settings;
    private final ResourceProtection protection;
    private final CacheHint defaultHint;
    private final ServerCapabilities capabilities;
    private final ExecutorService executor;
    private final boolean ownsExecutor;
    private final Listens listens;
    private final TaskRuntime tasks;
    /** What every session and stateless request shares, made once: the handlers, the stateless era, the bounds. */
    private final ServerShared shared;
    private final Set<ServerSession> sessions = ConcurrentHashMap.newKeySet();
    private final Set<Endpoint> endpoints = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CompletableFuture<Void> onClose = new CompletableFuture<>();

    private McpServer(Builder builder, List<ResourceProvider> providers) {
        this.serverInfo = builder.serverInfo;
        this.instructions = builder.instructions;
        this.sessionSettings = builder.sessionSettings;
        this.transportProviders = builder.transportProviders.isEmpty() ? null
                : Providers.orderTransportProviders(builder.transportProviders);
        this.settings = builder.settings;
        this.protection = builder.protection;
        if (protection.enabled()) {
            // every feature reads the providers: behind the decision, none can show what it refuses
            providers = AuthorizedProvider.wrapAll(providers, protection.decision());
        }
        SigningKeys keys = builder.signingKeys != null ? builder.signingKeys : randomKeys(builder.serverInfo);
        this.lifecycle = new ProviderLifecycle(providers,
                builder.changeEvents != null ? builder.changeEvents : ChangeEvents.inProcess());
        // protected results may differ by caller: a shared cache must never serve one caller's to another
        this.defaultHint = protection.enabled() ? CacheHint.privateFor(settings.defaultCacheHint().ttlMs())
                : settings.defaultCacheHint();
        this.resources = new ResourcesFeature(providers, builder.resourceSettings, defaultHint,
                lifecycle::track, keys);
        this.statelessEra = builder.dialect == null;
        List<ServerFeature> all = new ArrayList<>();
        // the resources protocol the server speaks over its providers: MCP's own unless a dialect was chosen
        all.add(builder.dialect == null ? resources : builder.dialect.serverFeature(providers, builder.resourceSettings));
        if (builder.resourcesAsTools != null) {
            // over the same feature the resources methods answer with: a hidden resource stays hidden
            all.add(new ResourceToolsFeature(resources, builder.resourcesAsTools));
        }
        all.addAll(builder.features);
        this.ownsExecutor = builder.executor == null;
        this.executor = ownsExecutor ? SessionThreads.handlerPool("jmcp-server", settings.handlerThreads()) : builder.executor;
        // made before the handlers, which it wraps: any feature's request may answer with task work
        this.tasks = new TaskRuntime(builder.tasks, Clock.systemUTC(), executor);
        if (tasks.enabled()) {
            all.add(new TasksFeature(tasks));
        }
        this.features = List.copyOf(all);
        this.capabilities = declared();
        this.listens = new Listens(settings, capabilities);
        HandlerTable handlers;
        try {
            handlers = registerOnce(features, statelessEra ? listens : null, tasks);
        } catch (RuntimeException e) {
            if (ownsExecutor) {
                executor.shutdownNow();
            }
            throw e;
        }
        this.shared = new ServerShared(handlers, statelessEra ? new StatelessServer(serverInfo, capabilities,
                instructions, defaultHint) : null, RequestStates.create(keys, settings.requestStateTtl(), Clock.systemUTC()),
                RequestBudget.of(settings.maxRequestsInFlight()), executor);
        resources.listens(listens);
        for (ServerFeature feature : features) {
            if (feature instanceof ChangeListener listener) { // the resources protocol's feature
                lifecycle.listen(listener);
            }
        }
        try {
            lifecycle.start();
        } catch (IllegalStateException e) {
            features.forEach(ServerFeature::close);
            if (ownsExecutor) {
                executor.shutdownNow();
            }
            throw e;
        }
    }

    /**
     * Has every feature register its handlers, once: the table serves every session and every
     * stateless request of the server (a feature keeps no state of a session in its handlers; it
     * tracks sessions with {@link ServerFeature#attach}).
     *
     * @param listens the {@code subscriptions/listen} handler, of the stateless era; null when the server does not speak it
     * @param tasks   wraps every request handler, so that work it answers with runs as a task or in its request
     */
    private static HandlerTable registerOnce(List<ServerFeature> features, Listens listens, TaskRuntime tasks) {
        HandlerTable.Builder handlers = new HandlerTable.Builder(tasks::wrap);
        try {
            if (listens != null) {
                listens.register(handlers);
            }
            features.forEach(feature -> feature.register(handlers));
        } catch (RuntimeException e) {
            features.forEach(ServerFeature::close);
            throw e;
        }
        return handlers.build();
    }

    private static SigningKeys randomKeys(Implementation serverInfo) {
        LOG.log(Level.INFO, "{0} signs its cursors and request states with a random key of this process: replicas"
                + " behind a load balancer need a shared one (McpServer.Builder.signingKeys, jmcp serve --secret-file)",
                serverInfo.name());
        return SigningKeys.random();
    }

    /** @return a builder with no providers and the default settings */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @return what this server declares in {@code initialize} and {@code server/discover}:
     *         {@code resources} when it has providers, and what its features declare
     */
    public ServerCapabilities capabilities() {
        return capabilities;
    }

    /** @return the server-wide settings; never null */
    public ServerSettings settings() {
        return settings;
    }

    /**
     * @return how the server's HTTP endpoints are protected; {@link ResourceProtection#defaults()} (not
     *         at all) unless the builder was given one; never null
     * @since 0.1
     */
    public ResourceProtection protection() {
        return protection;
    }

    /**
     * Tells clients that the server's tools changed: sessions that have negotiated get
     * {@code notifications/tools/list_changed}, and so do the {@code subscriptions/listen} streams
     * that asked for it. For a feature that serves tools and declared {@code listChanged}.
     */
    public void toolsListChanged() {
        listChanged(Listens.ListKind.TOOLS);
    }

    /** As {@link #toolsListChanged()}, for prompts: {@code notifications/prompts/list_changed}. */
    public void promptsListChanged() {
        listChanged(Listens.ListKind.PROMPTS);
    }

    private void listChanged(Listens.ListKind kind) {
        listens.listChanged(kind);
        for (ServerSession session : sessions) {
            if (session.negotiated() != null && session.isOpen()) {
                session.sendNotification(kind.notification(), null).whenComplete((ignored, failure) -> {
                            if (failure != null) {
                                LOG.log(Level.DEBUG, "could not tell {0} of a list change: {1}", session, failure.toString());
                            }
                        });
            }
        }
    }

    private ServerCapabilities declared() {
        ServerCapabilities.Builder capabilities = ServerCapabilities.builder();
        features.forEach(feature -> feature.declare(capabilities));
        return capabilities.build();
    }

    /**
     * Serves one connection: builds a session on {@code transport} and starts it. A transport that
     * {@linkplain McpTransport#carriesOneRequest() carries one stateless request} is served without
     * a session, on the handlers the server made once.
     *
     * @param transport not yet started; never null
     * @return the session, which the server tracks until it closes; for a transport of one stateless
     *         request, the face of that request, which closes with it and is not tracked; never null
     * @throws McpException when the server is closed
     */
    public ServerSession serve(McpTransport transport) {
        Objects.requireNonNull(transport, "transport");
        if (closed.get()) {
            transport.close();
            throw new McpException("the server is closed: it serves no new connection");
        }
        if (transport.carriesOneRequest() && statelessEra) {
            // one stateless request: served without a session, nothing to announce changes to or to track
            return StatelessCall.serve(transport, shared);
        }
        ServerSession session = ServerSessionAccess.share(ServerSession.builder(transport), shared)
                .serverInfo(serverInfo)
                .instructions(instructions)
                .capabilities(capabilities)
                .settings(sessionSettings)
                .build(); // its era comes with what it shares: the stateless era's rules, or none
        if (transport.carriesOneRequest()) {
            // a server of the handshake era only: the session refuses the request, and ends with it
            return session;
        }
        sessions.add(session);
        features.forEach(feature -> feature.attach(session));
        session.onClose().whenComplete((ignored, failure) -> sessions.remove(session));
        if (closed.get()) {
            session.close(); // close() ran meanwhile and did not see this one
        }
        return session;
    }

    /**
     * Listens at {@code address} through the {@link TransportProvider} of its scheme (the ones
     * given to the builder, else those found through {@link java.util.ServiceLoader}); each client
     * that connects gets a session.
     *
     * @param address such as {@code stdio:-} (this process's stdin and stdout) or
     *                {@code http://127.0.0.1:8765/mcp}; never null
     * @return the endpoint, to stop listening or to wait until its clients have gone; never null
     * @throws IllegalArgumentException when no transport provider serves the address's scheme
     * @throws UncheckedIOException     when the address cannot be bound
     */
    public Endpoint serve(URI address) {
        return serve(address, ServeOptions.defaults());
    }

    /**
     * Listens at {@code address} as {@link #serve(URI)} does, with {@code options} replacing the
     * transport provider's own settings where they are given
     * ({@link TransportProvider#serve(URI, ServeOptions, java.util.function.Consumer)}).
     *
     * @param address as for {@link #serve(URI)}; never null
     * @param options such as {@code ServeOptions.builder().allowRemoteBind(true).set("maxSessions", "16").build()};
     *                never null
     * @return the endpoint; never null
     * @throws IllegalArgumentException when no transport provider serves the address's scheme, or
     *         when it refuses a setting (the message names it)
     * @throws UncheckedIOException     when the address cannot be bound
     * @since 0.1
     */
    public Endpoint serve(URI address, ServeOptions options) {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(options, "options");
        if (closed.get()) {
            throw new McpException("the server is closed: it serves no new address");
        }
        TransportProvider provider = Providers.forScheme(address.getScheme(),
                transportProviders != null ? transportProviders : Providers.transportProviders());
        ServeOptions served = options.protection() == null && protection.enabled()
                ? options.toBuilder().protection(protection).build() : options;
        Endpoint endpoint = new Endpoint(address);
        try {
            endpoint.stop = provider.serve(address, served, transport -> {
                try {
                    ServerSession session = serve(transport);
                    if (!transport.carriesOneRequest()) {
                        endpoint.accept(session);
                    }
                } catch (McpException closedMeanwhile) {
                    LOG.log(Level.DEBUG, "refused a connection at {0}: {1}", address, closedMeanwhile.getMessage());
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("could not serve " + address + " with transport provider '"
                    + provider.id() + "'", e);
        }
        endpoints.add(endpoint);
        return endpoint;
    }

    /** @return the open sessions; a snapshot; never null */
    public List<ServerSession> sessions() {
        return List.copyOf(sessions);
    }

    /** @return completes once {@link #close()} has run; never null */
    public CompletableFuture<Void> onClose() {
        return onClose.copy();
    }

    /** The resources feature, for tests of this module. */
    ResourcesFeature resourcesFeature() {
        return resources;
    }

    /**
     * Ends every {@code subscriptions/listen} stream with its final result, stops every endpoint,
     * closes every session, closes the features, stops the handler threads the server made (not an
     * executor given to the builder), and closes every resource provider once, after the handlers
     * and the blob bodies still being written are done, or after
     * {@link ServerSettings#closeTimeout()}; idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        listens.close();
        for (Endpoint endpoint : List.copyOf(endpoints)) {
            endpoint.close();
        }
        for (ServerSession session : List.copyOf(sessions)) {
            session.close();
        }
        features.forEach(ServerFeature::close);
        tasks.close();
        Duration wait = settings.closeTimeout();
        long deadline = System.nanoTime() + wait.toNanos();
        if (ownsExecutor) {
            executor.shutdownNow(); // handlers still running are told to stop; a provider is closed after them
            awaitHandlers(wait);
        }
        lifecycle.close(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        onClose.complete(null);
    }

    private void awaitHandlers(Duration wait) {
        try {
            if (!executor.awaitTermination(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                LOG.log(Level.WARNING, "handlers of {0} still run after closeTimeout={1} ms; its resource providers are"
                        + " closed anyway", serverInfo.name(), wait.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "McpServer[" + serverInfo.name() + " " + serverInfo.version() + ", " + sessions.size() + " sessions]";
    }

    /**
     * An address the server listens at.
     *
     * @since 0.1
     */
    public final class Endpoint implements AutoCloseable {
        private final URI address;
        private final Set<ServerSession> own = ConcurrentHashMap.newKeySet();
        private final CompletableFuture<Void> idle = new CompletableFuture<>();
        private final AtomicBoolean stopped = new AtomicBoolean();
        private volatile Serving stop;

        private Endpoint(URI address) {
            this.address = address;
        }

        private void accept(ServerSession session) {
            own.add(session);
            session.onClose().whenComplete((ignored, failure) -> {
                own.remove(session);
                if (own.isEmpty()) {
                    idle.complete(null);
                }
            });
        }

        /** @return where it listens, as bound: for port 0, with the port the system chose; never null */
        public URI address() {
            Serving serving = stop;
            return serving == null ? address : serving.address();
        }

        /** @return this endpoint's open sessions; a snapshot; never null */
        public List<ServerSession> sessions() {
            return List.copyOf(own);
        }

        /**
         * @return completes when a client has been served and no session of this endpoint is open
         *         any more (for {@code stdio:-}, when the client has gone), or when the endpoint is
         *         closed; never null
         */
        public CompletableFuture<Void> idle() {
            return idle.copy();
        }

        /** Stops listening and closes this endpoint's sessions; idempotent. */
        @Override
        public void close() {
            if (!stopped.compareAndSet(false, true)) {
                return;
            }
            endpoints.remove(this);
            try {
                if (stop != null) {
                    stop.close();
                }
            } catch (Exception e) {
                LOG.log(Level.WARNING, "stopping the endpoint " + address + " failed", e);
            }
            for (ServerSession session : List.copyOf(own)) {
                session.close();
            }
            idle.complete(null);
        }
    }

    /**
     * Builds a {@link McpServer}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private Implementation serverInfo;
        private String instructions;
        private final List<ResourceProvider> resourceProviders = new ArrayList<>();
        private boolean discover;
        private final Map<String, Map<String, String>> providerSettings = new TreeMap<>();
        private final List<TransportProvider> transportProviders = new ArrayList<>();
        private final List<ServerFeature> features = new ArrayList<>();
        private ResourceDialect dialect;
        private ResourceSettings resourceSettings = ResourceSettings.defaults();
        private SessionSettings sessionSettings = SessionSettings.defaults();
        private ServerSettings settings = ServerSettings.defaults();
        private ExecutorService executor;
        private ResourceProtection protection = ResourceProtection.defaults();
        private SigningKeys signingKeys;
        private ChangeEvents changeEvents;
        private ResourceToolsSettings resourcesAsTools;
        private TaskSettings tasks;

        private Builder() {
        }

        /**
         * Protects the server as an OAuth 2.1 resource server: each endpoint it {@linkplain
         * McpServer#serve(URI) serves} over HTTP takes only requests with a token the verifier accepts
         * (stdio takes no OAuth), and every resources method shows a caller only what the decision
         * permits.
         *
         * @param value the protection; {@link ResourceProtection#defaults()} (none) by default; never null
         * @return this
         * @since 0.1
         */
        public Builder protection(ResourceProtection value) {
            this.protection = Objects.requireNonNull(value, "protection");
            return this;
        }

        /**
         * @param value carries the providers' change events to every replica of this server, and
         *              theirs here, so that a subscription or listen stream hears a change whichever
         *              replica saw it; the server starts it before its providers and closes it after
         *              them; null (the default) for {@link ChangeEvents#inProcess()}
         */
        @Experimental
        public Builder changeEvents(ChangeEvents value) {
            this.changeEvents = value;
            return this;
        }

        /**
         * @param value the secrets that sign listing cursors and request states, which every replica
         *              of this server behind a load balancer must share; null (the default) for a
         *              random one of this process, which the server logs
         */
        @Experimental
        public Builder signingKeys(SigningKeys value) {
            this.signingKeys = value;
            return this;
        }

        /**
         * @param name    the server program's name, sent in {@code serverInfo}; required
         * @param version its version; required
         */
        public Builder serverInfo(String name, String version) {
            return serverInfo(Implementation.of(name, version));
        }

        /** @param value the server program, sent as {@code serverInfo}; required */
        public Builder serverInfo(Implementation value) {
            this.serverInfo = Objects.requireNonNull(value, "serverInfo");
            return this;
        }

        /** @param value hints for the model on how to use this server; may be null */
        public Builder instructions(String value) {
            this.instructions = value;
            return this;
        }

        /**
         * Adds a provider. Providers given here are all the server has, unless
         * {@link #discoverResourceProviders()} is called too. The server starts it when it is built
         * and closes it when it closes: a provider belongs to one server.
         */
        public Builder resourceProvider(ResourceProvider value) {
            resourceProviders.add(Objects.requireNonNull(value, "resourceProvider"));
            return this;
        }

        /** Adds providers; see {@link #resourceProvider}. */
        public Builder resourceProviders(List<? extends ResourceProvider> values) {
            values.forEach(this::resourceProvider);
            return this;
        }

        /**
         * Also serves a provider from each {@link dev.jmcp.core.spi.ResourceProviderFactory} found
         * through {@link java.util.ServiceLoader} (the factories are loaded once per JVM; each
         * build makes new providers), with the settings given by {@link #providerSetting}. Without
         * this call none are loaded. Each provider found is logged at INFO; {@link #build()} fails
         * when no factory is found, when settings name an id no factory has, or when a factory
         * cannot make its provider. A provider given to {@link #resourceProvider} takes the place of
         * a discovered one with the same id (its factory is not asked); two given, or two
         * factories, with one id are refused.
         */
        public Builder discoverResourceProviders() {
            this.discover = true;
            return this;
        }

        /**
         * A named setting for the discovered provider with id {@code providerId}, handed to its
         * factory as {@link dev.jmcp.core.spi.ProviderSettings}.
         *
         * @param providerId the factory's id, such as {@code "zip"}
         * @param name       the setting's name, such as {@code "file"}
         * @param value      its value; never null
         * @return this
         */
        public Builder providerSetting(String providerId, String name, String value) {
            providerSettings.computeIfAbsent(Objects.requireNonNull(providerId, "providerId"), id -> new TreeMap<>())
                    .put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Adds a transport provider for {@link McpServer#serve(URI)}. When any is given, only these
         * are used; otherwise those found through {@link java.util.ServiceLoader}.
         */
        public Builder transportProvider(TransportProvider value) {
            transportProviders.add(Objects.requireNonNull(value, "transportProvider"));
            return this;
        }

        /** Adds a feature besides resources, such as tools or prompts; see {@link ServerFeature}. */
        public Builder feature(ServerFeature value) {
            features.add(Objects.requireNonNull(value, "feature"));
            return this;
        }

        /**
         * Serves the providers in a resources protocol other than MCP's, such as gomcp's: the
         * dialect's feature declares the {@code resources} capability and answers the resource
         * methods in place of MCP's resources feature, and the server speaks only the
         * {@code initialize} era (a request of 2026-07-28, or {@code server/discover}, is refused
         * as any request before {@code initialize} is). The server never picks a dialect by itself.
         *
         * @param value the dialect; null (the default) for MCP's own resources
         * @since 0.1
         */
        public Builder dialect(ResourceDialect value) {
            this.dialect = value;
            return this;
        }

        /**
         * As {@link #dialect(ResourceDialect)}, with the dialect found through
         * {@link java.util.ServiceLoader} (loaded once per JVM) by its {@link ResourceDialect#id() id}.
         *
         * @param id such as {@code "gomcp"}; never null
         * @throws IllegalArgumentException when no dialect has that id; the message names the known ids
         * @since 0.1
         */
        public Builder dialect(String id) {
            return dialect(ResourceDialect.named(id));
        }

        /**
         * Serves the resources as tools too, for hosts that only call tools: {@code resources_list},
         * {@code resources_read} and {@code resources_search}, with the default bounds. Off by default.
         *
         * @return this
         * @see #resourcesAsTools(ResourceToolsSettings)
         * @since 0.1
         */
        @Experimental
        public Builder resourcesAsTools() {
            return resourcesAsTools(ResourceToolsSettings.defaults());
        }

        /**
         * Serves the resources as tools too, for hosts that only call tools: {@code tools/list} names
         * {@code resources_list}, {@code resources_read} and {@code resources_search}, which answer in
         * text (cut to {@code value}'s bounds, naming the cursor or offset to pass next) what
         * {@code resources/list}, {@code resources/read} and the URI templates would answer the same
         * caller, under the same authorization decision; in both eras. The server then serves
         * {@code tools/list} and {@code tools/call} itself: a {@linkplain #feature feature} that
         * serves tools too is refused when the server is built.
         *
         * @param value the bounds of the tools' answers; never null
         * @return this
         * @since 0.1
         */
        @Experimental
        public Builder resourcesAsTools(ResourceToolsSettings value) {
            this.resourcesAsTools = Objects.requireNonNull(value, "resourcesAsTools");
            return this;
        }

        /**
         * Serves the tasks extension ({@code io.modelcontextprotocol/tasks}, SEP-2663) within these
         * bounds: declares it, answers {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel},
         * and runs as a task any request whose handler answers with a {@link TaskWork} when its client
         * negotiated the extension. Without it, such work runs in its request (or is refused with
         * {@code -32021} when it runs only as a task).
         *
         * @param value the bounds; {@link TaskSettings#defaults()} for the defaults; never null
         * @return this
         * @since 0.1
         */
        @Experimental
        public Builder tasks(TaskSettings value) {
            this.tasks = Objects.requireNonNull(value, "tasks");
            return this;
        }

        /** @param value the resources feature's limits; defaults to {@link ResourceSettings#defaults()} */
        public Builder resourceSettings(ResourceSettings value) {
            this.resourceSettings = Objects.requireNonNull(value, "resourceSettings");
            return this;
        }

        /** @param value the server-wide limits and defaults; defaults to {@link ServerSettings#defaults()} */
        public Builder settings(ServerSettings value) {
            this.settings = Objects.requireNonNull(value, "settings");
            return this;
        }

        /**
         * @param value the executor that runs every handler of the server, such as one of virtual
         *              threads on Java 21, instead of the server's own pool of
         *              {@link ServerSettings#handlerThreads()}; the server does not shut it down;
         *              null for the server's own
         */
        public Builder executor(ExecutorService value) {
            this.executor = value;
            return this;
        }

        /** @param value each session's limits; defaults to {@link SessionSettings#defaults()} */
        public Builder sessionSettings(SessionSettings value) {
            this.sessionSettings = Objects.requireNonNull(value, "sessionSettings");
            return this;
        }

        /**
         * Builds the server and starts its providers.
         *
         * @throws IllegalStateException when {@link #serverInfo} was not set, when two providers
         *                               have the same id (the message names both classes), when
         *                               discovery fails ({@link #discoverResourceProviders()}), or when
         *                               a provider refuses to start (naming it)
         */
        public McpServer build() {
            JsonRuntime.provider(); // a missing JSON provider fails here, saying so, not in a session's thread
            if (serverInfo == null) {
                throw new IllegalStateException("serverInfo is required");
            }
            if (!discover && !providerSettings.isEmpty()) {
                throw new IllegalStateException("provider settings were given for " + providerSettings.keySet()
                        + ", but discoverResourceProviders() was not asked for");
            }
            List<ResourceProvider> all = new ArrayList<>(resourceProviders);
            if (discover) {
                Set<String> given = resourceProviders.stream().map(ResourceProvider::id).collect(Collectors.toSet());
                all.addAll(ProviderDiscovery.discover(Providers.resourceProviderFactories(), given, providerSettings));
            }
            return new McpServer(this, Providers.orderResourceProviders(all));
        }
    }
}
