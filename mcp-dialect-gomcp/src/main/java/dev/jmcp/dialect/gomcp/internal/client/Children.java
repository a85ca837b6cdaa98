package dev.jmcp.dialect.gomcp.internal.client;

import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;

/**
 * A collection's children in a gomcp listing, which is flat: the resources whose URI's parent (all
 * before its last {@code /}, a trailing one aside) is the collection's URI.
 */
final class Children {
    private Children() {
    }

    /** @return what the URIs of {@code collection}'s children start with */
    static String prefix(String collection) {
        return collection.endsWith("/") ? collection : collection + "/";
    }

    /** @return {@code page} with only the direct children of {@code collection}, and the page's cursor */
    static ListResourcesResult of(String collection, ListResourcesResult page) {
        String prefix = prefix(collection);
        return ListResourcesResult.of(page.resources().stream().filter(r -> isChild(prefix, r)).toList(),
                page.nextCursor());
    }

    private static boolean isChild(String prefix, Resource resource) {
        String uri = resource.uri();
        if (!uri.startsWith(prefix) || uri.length() == prefix.length()) {
            return false;
        }
        int slash = uri.indexOf('/', prefix.length());
        return slash < 0 || slash == uri.length() - 1;
    }
}
