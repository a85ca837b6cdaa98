package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.ChangeListener;
import dev.jmcp.core.internal.resources.Cursors;
import dev.jmcp.core.internal.resources.Listings;
import dev.jmcp.core.internal.resources.Notifications;
import dev.jmcp.core.internal.resources.Reads;
import dev.jmcp.core.internal.resources.Router;
import dev.jmcp.core.internal.resources.SubscriptionRegistry;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.FeatureHandlers;
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
 * answered either way, since gomcp clients call it without looking.
 *
 * <p>It hears the providers' changes from the server, which starts them when it is built and tells
 * every resources feature that is a {@link ChangeListener}. A change to a resource is announced to
 * its subscribers ({@link Announcements}), with the version it has now (a provider that withholds
 * one announces none: the file-system provider never does). A list change makes the
 * listing's counting cursors stale and goes to every session that has finished its handshake.
 */
public final class GomcpServerFeature implements ServerFeature, ChangeListener {
    private final ResourcesCapability capability;
    private final Cursors cursors = new Cursors();
    private final SubscriptionRegistry subscriptions = new SubscriptionRegistry();
    private final NotificationNames names = new NotificationNames();
    private final Set<ServerSession> sessions = ConcurrentHashMap.newKeySet();
    private final GomcpListing listing;
    private final GomcpReads reads;
    private final GomcpSubscriptions subscribing;
    private final Announcements announcements = new Announcements(subscriptions, names);

    /**
     * @param providers in the server's order; may be empty
     * @param settings  the page size and the subscription limit; never null
     */
    public GomcpServerFeature(List<ResourceProvider> providers, ResourceSettings settings) {
        List<ResourceProvider> ordered = List.copyOf(providers);
        Router router = new Router(ordered);
        this.listing = new GomcpListing(router, new Listings(ordered, cursors, settings.pageSize()));
        this.reads = new GomcpReads(router, new Reads(settings));
        this.subscribing = new GomcpSubscriptions(router, subscriptions, settings.maxSubscriptionsPerSession());
        this.capability = ResourcesCapability.of(ordered.stream().anyMatch(ResourceProvider::reportsUpdates),
                ordered.stream().anyMatch(ResourceProvider::reportsListChanges));
    }

    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
        capabilities.resources(capability);
    }

    @Override
    public void register(FeatureHandlers session) {
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

    @Override
    public void updated(ResourceProvider provider, String uri) {
        announcements.announce(provider, uri);
    }

    @Override
    public void listChanged(ResourceProvider provider) {
        cursors.advance();
        for (ServerSession session : sessions) {
            if (session.initialized().isDone()) { // before its handshake ends, a session is sent nothing
                Notifications.send(session, GomcpProtocol.LIST_CHANGED, null);
            }
        }
    }
}
