package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Pages of the three listings: the top-level resources of all providers (in provider order), the
 * children of one collection, and the templates of all providers. A listing is a sequence of
 * parts, one per provider; a cursor names a part and a position in it ({@link ListingPosition}):
 * after a key for a provider that sorts by one, else an offset. The part's provider starts there
 * itself and is told how many entries the page still needs, so that a page costs about its own
 * size when the provider can start cheaply. Providers must keep their listings in a stable order.
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

    public ListResourcesResult top(String cursor) {
        ListingPosition start = cursors.position(TOP, cursor);
        List<Part<Resource>> parts = new ArrayList<>(providers.size());
        for (ResourceProvider provider : providers) {
            parts.add(new Part<>((from, limit) -> Versions.stamped(provider, from.afterKey() != null || from.offset() == 0
                    ? provider.listAfter(from.afterKey(), limit) : provider.list(from.offset())), provider::listingKey));
        }
        Page<Resource> page = page(parts, start, TOP);
        return ListResourcesResult.of(page.items, page.next);
    }

    public ListResourcesResult children(ResourceProvider provider, String collectionUri, String cursor) {
        // the scope holds the URI: a cursor of one collection is refused by another
        String scope = "children " + collectionUri;
        ListingPosition start = cursors.position(scope, cursor);
        Part<Resource> part = new Part<>((from, limit) -> Versions.stamped(provider, from.afterKey() != null
                || from.offset() == 0 ? provider.childrenAfter(collectionUri, from.afterKey(), limit)
                : provider.children(collectionUri, from.offset())), provider::listingKey);
        Page<Resource> page = page(List.of(part), start, scope);
        return ListResourcesResult.of(page.items, page.next);
    }

    ListResourceTemplatesResult templates(String cursor) {
        ListingPosition start = cursors.position(TEMPLATES, cursor);
        List<Part<ResourceTemplate>> parts = new ArrayList<>(providers.size());
        for (ResourceProvider provider : providers) {
            parts.add(new Part<>((from, limit) -> provider.templates().stream().skip(from.offset()), template -> null));
        }
        Page<ResourceTemplate> page = page(parts, start, TEMPLATES);
        return ListResourceTemplatesResult.of(page.items, page.next);
    }

    /**
     * Walks the parts from {@code start}, each stream opened only when reached (the first one
     * starting at the start's position) and always closed, until the page is full and one more
     * item shows that a next page exists.
     */
    private <T> Page<T> page(List<Part<T>> parts, ListingPosition start, String scope) {
        List<T> items = new ArrayList<>(Math.min(pageSize, 256));
        ListingPosition next = null;
        for (int part = start.part(); part < parts.size() && next == null; part++) {
            ListingPosition from = part == start.part() ? start : new ListingPosition(part, 0);
            Part<T> source = parts.get(part);
            // the page's items still missing, and the one that shows a next page
            try (Stream<T> stream = source.items.from(from, pageSize - items.size() + 1)) {
                Iterator<T> it = stream.iterator();
                T last = null;
                long taken = 0;
                while (it.hasNext()) {
                    T item = it.next();
                    if (items.size() == pageSize) {
                        // the next page is promised only when there is something on it: this item
                        next = last == null ? from : after(source, part, from, last, taken);
                        break;
                    }
                    items.add(item);
                    last = item;
                    taken++;
                }
            }
        }
        return new Page<>(items, next == null ? null : cursors.issue(scope, next));
    }

    /** @return the position just after {@code last}, the {@code taken}-th item of the part from {@code from} */
    private static <T> ListingPosition after(Part<T> part, int index, ListingPosition from, T last, long taken) {
        String key = part.key.apply(last);
        if (key == null || key.isEmpty()) {
            if (from.afterKey() != null) {
                throw new IllegalStateException("a provider gave a listing key to one resource and none to " + last);
            }
            return new ListingPosition(index, from.offset() + taken);
        }
        return new ListingPosition(index, 0, key);
    }

    /** The items of one part from a position, at most so many; and the key of an item, null when by offset. */
    private record Part<T>(Source<T> items, Function<T, String> key) {
    }

    @FunctionalInterface
    private interface Source<T> {
        Stream<T> from(ListingPosition position, int limit);
    }

    private record Page<T>(List<T> items, String next) {
    }
}
