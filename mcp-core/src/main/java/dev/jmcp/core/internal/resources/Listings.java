package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Pages of the three listings: the top-level resources of all providers (in provider order), the
 * children of one collection, and the templates of all providers. A page is found by skipping to
 * the cursor's offset in the listing, which the providers must keep in a stable order.
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
        long offset = cursors.offset(TOP, cursor);
        List<Supplier<Stream<Resource>>> parts = new ArrayList<>(providers.size());
        for (ResourceProvider provider : providers) {
            parts.add(provider::list);
        }
        Page<Resource> page = page(parts, offset, offset, TOP);
        return ListResourcesResult.of(page.items, page.next);
    }

    ListResourcesResult children(ResourceProvider provider, String collectionUri, String cursor) {
        // the scope holds the URI: a cursor of one collection is refused by another
        String scope = "children " + collectionUri;
        long offset = cursors.offset(scope, cursor);
        // the provider skips to the page itself, so that it can pass over entries without describing them
        Page<Resource> page = page(List.of(() -> provider.children(collectionUri, offset)), 0, offset, scope);
        return ListResourcesResult.of(page.items, page.next);
    }

    ListResourceTemplatesResult templates(String cursor) {
        long offset = cursors.offset(TEMPLATES, cursor);
        List<Supplier<Stream<ResourceTemplate>>> parts = new ArrayList<>(providers.size());
        for (ResourceProvider provider : providers) {
            parts.add(() -> provider.templates().stream());
        }
        Page<ResourceTemplate> page = page(parts, offset, offset, TEMPLATES);
        return ListResourceTemplatesResult.of(page.items, page.next);
    }

    /**
     * Walks the parts in order, each stream opened only when reached and always closed.
     *
     * @param skip   how many items the parts still hold before the page
     * @param offset where the page starts in the whole listing, for the next cursor
     */
    private <T> Page<T> page(List<Supplier<Stream<T>>> parts, long skip, long offset, String scope) {
        List<T> items = new ArrayList<>(Math.min(pageSize, 256));
        boolean more = false;
        for (Supplier<Stream<T>> part : parts) {
            try (Stream<T> stream = part.get()) {
                Iterator<T> it = stream.iterator();
                while (it.hasNext()) {
                    T item = it.next();
                    if (skip > 0) {
                        skip--;
                    } else if (items.size() < pageSize) {
                        items.add(item);
                    } else {
                        more = true;
                        break;
                    }
                }
            }
            if (more) {
                break;
            }
        }
        // the next page is promised only when there is something on it
        String next = more ? cursors.issue(scope, offset + items.size()) : null;
        return new Page<>(items, next);
    }

    private record Page<T>(List<T> items, String next) {
    }
}
