package dev.jmcp.cli;

import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What {@code jmcp watch} knows of the resource it watches (and, for a collection, of its
 * children), so that each notification can be told as what changed: an update is compared with
 * the metadata known, a {@code list_changed} with the children known. Its methods are called one
 * at a time, off the session's threads (they send requests).
 */
final class WatchedResources {
    private final String uri;
    private final Function<String, Resource> lookup;
    private final Supplier<List<Resource>> children;
    private final Map<String, Resource> known = new HashMap<>();
    /** The children of the watched collection, by URI; null when it is not one, or its listing is too long. */
    private Map<String, Resource> listing;
    private boolean collection;

    /**
     * @param uri      the resource watched
     * @param lookup   a resource's metadata now; null when it is gone
     * @param children the children of {@code uri} now; null when there are too many to follow
     */
    WatchedResources(String uri, Function<String, Resource> lookup, Supplier<List<Resource>> children) {
        this.uri = uri;
        this.lookup = lookup;
        this.children = children;
    }

    /**
     * Learns the watched resource, and its children when it is a collection.
     *
     * @return false when it is a collection whose children are not followed (too many)
     */
    synchronized boolean start() {
        Resource watched = lookup.apply(uri);
        if (watched != null) {
            known.put(uri, watched);
            collection = Boolean.TRUE.equals(watched.isCollection());
        }
        listing = collection ? byUri(children.get()) : null;
        if (listing != null) {
            known.putAll(listing);
        }
        return !collection || listing != null;
    }

    /** @return what changed in the resource {@code updated}, which the server says was updated */
    synchronized List<WatchChange> updated(String updated) {
        Resource before = known.get(updated);
        Resource after = lookup.apply(updated);
        List<WatchChange> changes = new ArrayList<>();
        if (after == null) {
            known.remove(updated);
            if (listing != null) {
                listing.remove(updated);
            }
            changes.add(new WatchChange(WatchChange.Kind.REMOVED, updated, before, null));
            return changes;
        }
        known.put(updated, after);
        if (listing != null && listing.containsKey(updated)) {
            listing.put(updated, after);
        }
        changes.add(WatchChange.updated(updated, before, after));
        if (updated.equals(uri) && collection) {
            changes.addAll(relist());
        }
        return changes;
    }

    /** @return what {@code notifications/resources/list_changed} changed among what is watched */
    synchronized List<WatchChange> listChanged() {
        if (!collection) {
            Resource before = known.get(uri);
            if (before != null && lookup.apply(uri) == null) {
                known.remove(uri);
                return List.of(new WatchChange(WatchChange.Kind.REMOVED, uri, before, null));
            }
            return List.of(WatchChange.listChanged());
        }
        return relist();
    }

    /** Lists the children again and compares them with those known. */
    private List<WatchChange> relist() {
        Map<String, Resource> now = byUri(children.get());
        Map<String, Resource> then = listing;
        listing = now;
        if (now == null) {
            return List.of(WatchChange.listChanged());
        }
        if (then == null) { // the listing was too long until now: nothing to compare with
            known.putAll(now);
            return List.of(WatchChange.listChanged());
        }
        List<WatchChange> changes = new ArrayList<>();
        then.forEach((child, before) -> {
            if (!now.containsKey(child)) {
                known.remove(child);
                changes.add(new WatchChange(WatchChange.Kind.REMOVED, child, before, null));
            }
        });
        now.forEach((child, after) -> {
            if (!then.containsKey(child)) {
                known.put(child, after);
                changes.add(new WatchChange(WatchChange.Kind.ADDED, child, null, after));
            }
        });
        return changes;
    }

    private static Map<String, Resource> byUri(List<Resource> resources) {
        if (resources == null) {
            return null;
        }
        Map<String, Resource> map = new LinkedHashMap<>();
        resources.forEach(resource -> map.put(resource.uri(), resource));
        return map;
    }
}
