package dev.jmcp.core.internal.resources;

import dev.jmcp.core.auth.AuthorizationDecision;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A provider as a caller may see it: what the {@link AuthorizationDecision} refuses is absent, in
 * {@code describe} and in listings alike. Every feature that reads providers (MCP's resources, a
 * dialect, directory reads, conditional reads, subscriptions) goes through {@code describe} and
 * {@code list}, so wrapping the providers once applies the decision to all of them, and a refused
 * resource is answered exactly as a missing one: by the engine's own "not found" (decisions.md,
 * "Authorization: a resource the caller may not see does not exist").
 *
 * <p>A listing stays correct: a page the decision thinned is filled from the provider's next
 * entries, so that a page is short only at the end (the engine's rule, "fewer than the limit means
 * there are no more"), and positions stay the provider's, so the engine's signed cursors do not
 * change. What templates a caller sees is decided by {@link Listings}, which has the caller.
 */
public final class AuthorizedProvider implements ResourceProvider {
    private final ResourceProvider inner;
    private final AuthorizationDecision decision;

    private AuthorizedProvider(ResourceProvider inner, AuthorizationDecision decision) {
        this.inner = inner;
        this.decision = decision;
    }

    /** @return each of {@code providers} behind {@code decision}, in the same order */
    public static List<ResourceProvider> wrapAll(List<ResourceProvider> providers, AuthorizationDecision decision) {
        return providers.stream().map(p -> (ResourceProvider) new AuthorizedProvider(p, decision)).toList();
    }

    /** @return the decision of {@code provider} when it is wrapped; null when it is not */
    static AuthorizationDecision decisionOf(ResourceProvider provider) {
        return provider instanceof AuthorizedProvider authorized ? authorized.decision : null;
    }

    @Override
    public String id() {
        return inner.id();
    }

    @Override
    public Optional<Resource> describe(String uri, Caller caller) {
        // asked before the provider: a refused URI costs the provider nothing and tells the caller nothing
        return decision.permits(caller, uri) ? inner.describe(uri, caller) : Optional.empty();
    }

    @Override
    public Stream<ListingEntry> list(Listing listing) {
        Caller caller = listing.caller();
        if (listing.collection().isPresent() && !decision.permits(caller, listing.collection().get())) {
            return Stream.empty();
        }
        Refilling visible = new Refilling(listing);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(visible, Spliterator.ORDERED), false)
                .onClose(visible::close);
    }

    @Override
    public List<ResourceContents> read(Resource resource, ReadContext context) {
        return inner.read(resource, context);
    }

    @Override
    public int priority() {
        return inner.priority();
    }

    @Override
    public boolean owns(String uri) {
        return inner.owns(uri);
    }

    @Override
    public List<ResourceTemplate> templates() {
        return inner.templates();
    }

    @Override
    public Optional<String> parentOf(String uri) {
        return inner.parentOf(uri);
    }

    @Override
    public Optional<String> version(Resource resource) {
        return inner.version(resource);
    }

    /** The provider's hint made private: what a caller sees depends on who asks, so no cache may be shared. */
    @Override
    public Optional<CacheHint> cacheHint() {
        return inner.cacheHint().map(hint -> CacheHint.privateFor(hint.ttlMs()));
    }

    @Override
    public boolean reportsUpdates() {
        return inner.reportsUpdates();
    }

    @Override
    public boolean reportsListChanges() {
        return inner.reportsListChanges();
    }

    @Override
    public void start(ResourceChanges changes) {
        inner.start(changes);
    }

    @Override
    public void close() {
        inner.close();
    }

    @Override
    public String toString() {
        return inner.toString();
    }

    /**
     * The entries the caller may see, asked of the provider a page of {@code limit} at a time: when
     * a full page ran out, the next is asked for after its last position, seen or not.
     */
    private final class Refilling implements Iterator<ListingEntry> {
        private final Listing listing;
        private Iterator<ListingEntry> page;
        private Stream<ListingEntry> open;
        private int pageCount;
        private String last;
        private boolean ended;
        private ListingEntry next;

        Refilling(Listing listing) {
            this.listing = listing;
            this.last = listing.after().orElse(null);
            ask();
        }

        private void ask() {
            Listing from = (listing.collection().isPresent()
                    ? Listing.children(listing.collection().get(), last, listing.limit(), listing.caller())
                    : Listing.top(last, listing.limit(), listing.caller())).withVersions(listing.versions());
            open = inner.list(from);
            page = open.iterator();
            pageCount = 0;
        }

        @Override
        public boolean hasNext() {
            while (next == null && !ended) {
                if (page.hasNext()) {
                    // checked here too: a provider that ignores "after" would otherwise be asked forever
                    ListingEntry entry = Rules.advancing(inner, last, page.next());
                    pageCount++;
                    last = entry.position();
                    if (decision.permits(listing.caller(), entry.resource().uri())) {
                        next = entry;
                    }
                } else {
                    open.close();
                    if (pageCount < listing.limit()) {
                        ended = true; // a short page: the provider has no more
                    } else {
                        ask();
                    }
                }
            }
            return next != null;
        }

        void close() {
            open.close();
        }

        @Override
        public ListingEntry next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            ListingEntry entry = next;
            next = null;
            return entry;
        }
    }
}
