package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Cursors;
import dev.jmcp.core.internal.resources.Listings;
import dev.jmcp.core.internal.resources.Reads;
import dev.jmcp.core.internal.resources.Router;
import dev.jmcp.core.internal.resources.SubscriptionRegistry;
import dev.jmcp.core.internal.resources.Watches;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import dev.jmcp.schema.lifecycle.ResourcesCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * gomcp's resources protocol over a server's providers, in place of MCP's resources feature. Its
 * capability says what the providers can do, as MCP's does ({@code subscribe} when one reports
 * updates, {@code listChanged} when one reports list changes); {@code resources/subscribe} is
 * answered either way, since gomcp clients call it without looking. The providers are watched from
 * the first session on (a server nobody connected to watches nothing) until {@link #close()}, which
 * also stops the thread that announces resources again once their versions settle.
 */
public final class GomcpServerFeature implements ServerFeature {
    private final List<ResourceProvider> providers;
    private final ResourcesCapability capability;
    private final Cursors cursors = new Cursors();
    private final SubscriptionRegistry subscriptions = new SubscriptionRegistry();
    private final NotificationNames names = new NotificationNames();
    private final Set<ServerSession> sessions = ConcurrentHashMap.newKeySet();
    private final GomcpListing listing;
    private final GomcpReads reads;
    private final GomcpSubscriptions subscribing;
    private final Watches watches = new Watches();
    private final Announcements announcements = new Announcements(subscriptions, names);
    private final SettlingVersions settling;
    private boolean watching;
    private boolean closed;

    /**
     * @param providers in the server's order; may be empty
     * @param settings  the page size and the subscription limit; never null
     */
    public GomcpServerFeature(List<ResourceProvider> providers, ResourceSettings settings) {
        this.providers = List.copyOf(providers);
        Router router = new Router(this.providers);
        this.listing = new GomcpListing(router, new Listings(this.providers, cursors, settings.pageSize()));
        this.reads = new GomcpReads(router, new Reads(settings));
        this.subscribing = new GomcpSubscriptions(router, subscriptions, settings.maxSubscriptionsPerSession());
        this.settling = new SettlingVersions((provider, uri) -> announcements.announce(provider, uri, true),
                settings.versionSettleMillis(), settings.maxPendingVersionAnnouncements());
        this.capability = ResourcesCapability.of(this.providers.stream().anyMatch(ResourceProvider::reportsUpdates),
                this.providers.stream().anyMatch(ResourceProvider::reportsListChanges));
    }

    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
        capabilities.resources(capability);
    }

    @Override
    public void register(ServerSession.Builder session) {
        // MCP's records of these methods would drop filter and version, and refuse uris[]
        for (String method : List.of(GomcpProtocol.LIST, GomcpProtocol.GET, GomcpProtocol.READ,
                GomcpProtocol.SUBSCRIBE, GomcpProtocol.UNSUBSCRIBE)) {
            session.jsonParams(method);
        }
        session.requestHandler(GomcpProtocol.LIST, listing::list)
                .requestHandler(GomcpProtocol.GET, this::read)
                .requestHandler(GomcpProtocol.READ, this::read)
                .requestHandler(GomcpProtocol.SUBSCRIBE, subscribing::subscribe)
                .requestHandler(GomcpProtocol.UNSUBSCRIBE, subscribing::unsubscribe);
    }

    @Override
    public void attach(ServerSession session) {
        watch();
        if (sessions.add(session)) {
            session.onClose().whenComplete((ignored, failure) -> {
                sessions.remove(session);
                subscriptions.removeSession(session);
                names.forget(session);
            });
        }
    }

    private Object read(Object params, RequestContext context) {
        names.read(context.session(), context.method());
        return reads.read(params, context);
    }

    private synchronized void watch() {
        if (watching || closed) {
            return;
        }
        watching = true;
        watches.start(providers, provider -> new ChangeEvents(provider, announcements, settling, cursors, sessions));
    }

    @Override
    public synchronized void close() {
        closed = true;
        watches.close();
        settling.close();
    }
}
