package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongFunction;
import java.util.stream.Stream;

/**
 * Pages of the three listings: the top-level resources of all providers (in provider order), the
 * children of one collection, and the templates of all providers. A listing is a sequence of
 * parts, one per provider; a cursor names a part and an offset in it ({@link ListingPosition}),
 * and the part's provider skips to that offset itself, so that a page costs about its own size
 * when the provider can skip cheaply. Providers must keep their listings in a stable order.
 */
final class Listings {
    private static final String TOP = "resources";
    private static final String TEMPLATES = "templates";

    private final List<ResourceProvider> providers;
    private final Cursors cursors;
    private final int pageSize;

    Listings(List<ResourceProvider> providers, Cursors cursors, int pageSize) {
        this.providers = providers;
        this.cursors = cursors;
        this.pageSize = pageSize;
    }

    ListResourcesResult top(String cursor) {
        ListingPosition start = cursors.position(TOP, cursor);
        List<LongFunction<Stream<Resource>>> parts = new ArrayList<>(providers.size());
        for (ResourceProvider provider : providers) {
            parts.add(provider::list);
        }
        Page<Resource> page = page(parts, start, TOP);
        return ListResourcesResult.of(page.items, page.next);
    }

    ListResourcesResult children(ResourceProvider provider, String collectionUri, String cursor) {
        // the scope holds the URI: a cursor of one collection is refused by another
        String scope = "children " + collectionUri;
        ListingPosition start = cursors.position(scope, cursor);
        Page<Resource> page = page(List.of(skip -> provider.children(collectionUri, skip)), start, scope);
        return ListResourcesResult.of(page.items, page.next);
    }

    ListResourceTemplatesResult templates(String cursor) {
        ListingPosition start = cursors.position(TEMPLATES, cursor);
        List<LongFunction<Stream<ResourceTemplate>>> parts = new ArrayList<>(providers.size());
        for (ResourceProvider provider : providers) {
            parts.add(skip -> provider.templates().stream().skip(skip));
        }
        Page<ResourceTemplate> page = page(parts, start, TEMPLATES);
        return ListResourceTemplatesResult.of(page.items, page.next);
    }

    /**
     * Walks the parts from {@code start}, each stream opened only when reached (the first one
     * skipping to the start's offset) and always closed, until the page is full and one more item
     * shows that a next page exists.
     *
     * @param parts one function per part: how many of its items to skip -> the items after them
     */
    private <T> Page<T> page(List<LongFunction<Stream<T>>> parts, ListingPosition start, String scope) {
        List<T> items = new ArrayList<>(Math.min(pageSize, 256));
        ListingPosition next = null;
        for (int part = start.part(); part < parts.size() && next == null; part++) {
            long skipped = part == start.part() ? start.offset() : 0;
            try (Stream<T> stream = parts.get(part).apply(skipped)) {
                Iterator<T> it = stream.iterator();
                long taken = 0;
                while (it.hasNext()) {
                    T item = it.next();
                    if (items.size() == pageSize) {
                        // the next page is promised only when there is something on it: this item
                        next = new ListingPosition(part, skipped + taken);
                        break;
                    }
                    items.add(item);
                    taken++;
                }
            }
        }
        return new Page<>(items, next == null ? null : cursors.issue(scope, next));
    }

    private record Page<T>(List<T> items, String next) {
    }
}
