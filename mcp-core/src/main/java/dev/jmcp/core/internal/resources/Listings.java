package dev.jmcp.core.internal.resources;

import dev.jmcp.core.auth.AuthorizationDecision;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Pages of the three listings: the top-level resources of all providers (in provider order), the
 * children of one collection, and the templates of all providers. A listing is a sequence of
 * parts, one per provider; a cursor names a part and a position in it ({@link ListingPosition}).
 * A provider lists from the position after which the page starts, and is told how many entries
 * the page still needs, so that a page costs about its own size; its positions must advance
 * ({@link Rules#POSITIONS_ADVANCE}), which every page checks. Templates, which providers hold in
 * a list, are paged by offset.
 */
public final class Listings {
    private static final String TOP = "resources";
    private static final String TEMPLATES = "templates";

    private final List<ResourceProvider> providers;
    private final Cursors cursors;
    private final int pageSize;

    public Listings(List<ResourceProvider> providers, Cursors cursors, int pageSize) {
        this.providers = providers;
        this.cursors = cursors;
        this.pageSize = pageSize;
    }

    /**
     * @param versions whether each entry carries its content version ({@link Versions#wantedInListings})
     */
    public ListResourcesResult top(String cursor, Caller caller, boolean versions) {
        ListingPosition start = cursors.position(TOP, cursor);
        List<ResourceProvider> parts = providers;
        List<Resource> items = new ArrayList<>(Math.min(pageSize, 256));
        ListingPosition next = null;
        for (int part = start.part(); part < parts.size() && next == null; part++) {
            String after = part == start.part() ? start.afterKey() : null;
            next = fill(parts.get(part), part, after, null, caller, versions, items);
        }
        return ListResourcesResult.of(items, next == null ? null : cursors.issue(TOP, next));
    }

    /** @param versions as for {@link #top} */
    public ListResourcesResult children(ResourceProvider provider, String collectionUri, String cursor, Caller caller,
                                        boolean versions) {
        // the scope holds the URI: a cursor of one collection is refused by another
        String scope = "children " + collectionUri;
        ListingPosition start = cursors.position(scope, cursor);
        List<Resource> items = new ArrayList<>(Math.min(pageSize, 256));
        ListingPosition next = start.part() != 0 ? null : fill(provider, 0, start.afterKey(), collectionUri, caller,
                versions, items);
        return ListResourcesResult.of(items, next == null ? null : cursors.issue(scope, next));
    }

    /**
     * Adds the entries of one part after {@code after} to {@code items}, until the page is full and
     * one more entry shows that a next page exists.
     *
     * @return the position of the next page when there is one in this part; null when the part ended
     */
    private ListingPosition fill(ResourceProvider provider, int part, String after, String collection, Caller caller,
                                 boolean versions, List<Resource> items) {
        int wanted = pageSize - items.size() + 1; // the page's items still missing, and the one that shows a next page
        Listing listing = (collection == null ? Listing.top(after, wanted, caller)
                : Listing.children(collection, after, wanted, caller)).withVersions(versions);
        Page page = new Page(provider, after, versions, items);
        try (Stream<ListingEntry> entries = provider.list(listing)) {
            // pushed into the page rather than pulled through an iterator, whose adapter buffers each
            // entry on its way (10% of the server's CPU listing 10,000 entries); the limit keeps a
            // provider that ignores its own from listing on
            entries.limit(wanted).forEachOrdered(page);
        }
        if (!page.overflow) {
            return null;
        }
        // the next page is promised only when there is something on it: the entry past the page
        return page.previous == null ? new ListingPosition(part, 0) : new ListingPosition(part, 0, page.previous);
    }

    /** Adds a part's entries to a page until it is full; one more entry marks that a next page exists. */
    private final class Page implements Consumer<ListingEntry> {
        private final ResourceProvider provider;
        private final boolean versions;
        private final List<Resource> items;
        /** The position of the last entry added; the part's start while none was. */
        private String previous;
        private boolean overflow;

        Page(ResourceProvider provider, String after, boolean versions, List<Resource> items) {
            this.provider = provider;
            this.previous = after;
            this.versions = versions;
            this.items = items;
        }

        @Override
        public void accept(ListingEntry listed) {
            ListingEntry entry = Rules.advancing(provider, previous, listed);
            if (items.size() == pageSize) {
                overflow = true;
                return;
            }
            items.add(versions ? Versions.listed(provider, entry.resource()) : Versions.without(entry.resource()));
            previous = entry.position();
        }
    }

    /** The templates {@code caller} may see ({@link AuthorizedProvider}); offsets count every template, so pages stay put. */
    ListResourceTemplatesResult templates(String cursor, Caller caller) {
        ListingPosition start = cursors.position(TEMPLATES, cursor);
        List<ResourceTemplate> items = new ArrayList<>(Math.min(pageSize, 256));
        ListingPosition next = null;
        for (int part = start.part(); part < providers.size() && next == null; part++) {
            long offset = part == start.part() ? start.offset() : 0;
            AuthorizationDecision decision = AuthorizedProvider.decisionOf(providers.get(part));
            List<ResourceTemplate> templates = providers.get(part).templates();
            for (long i = offset; i < templates.size(); i++) {
                ResourceTemplate template = templates.get((int) i);
                if (decision != null && !decision.permitsTemplate(caller, template)) {
                    continue;
                }
                if (items.size() == pageSize) {
                    next = new ListingPosition(part, i);
                    break;
                }
                items.add(template);
            }
        }
        return ListResourceTemplatesResult.of(items, next == null ? null : cursors.issue(TEMPLATES, next));
    }
}
