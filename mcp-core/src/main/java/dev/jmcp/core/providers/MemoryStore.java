package dev.jmcp.core.providers;

import dev.jmcp.schema.resources.Resource;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The resources of an {@link InMemoryResourceProvider}: each entry by URI, and each collection's
 * children (and the top level) in registration order, so that a page of a listing starts at an
 * index instead of filtering every entry. Thread-safe: changes take one lock; lookups and the
 * listings' snapshots are read without it.
 */
final class MemoryStore {
    private final String providerId;
    private final Map<String, MemoryEntry> entries = new ConcurrentHashMap<>(); // changed under this
    private final Map<String, ChildUris> children = new HashMap<>(); // guarded by this; the null key is the top level

    MemoryStore(String providerId) {
        this.providerId = providerId;
    }

    /** @return the entry of {@code uri}; null when it is not registered */
    MemoryEntry get(String uri) {
        return uri == null ? null : entries.get(uri);
    }

    /** @throws IllegalArgumentException when the URI is taken or the parent is not a registered collection */
    synchronized void add(MemoryEntry entry) {
        if (entries.containsKey(entry.uri())) {
            throw new IllegalArgumentException(entry.uri() + " is already registered in provider " + providerId
                    + "; update or remove it");
        }
        MemoryEntry parent = get(entry.parent());
        if (entry.parent() != null && (parent == null || !parent.isCollection())) {
            throw new IllegalArgumentException("parent " + entry.parent() + " of " + entry.uri()
                    + " is not a registered collection of provider " + providerId);
        }
        entries.put(entry.uri(), entry);
        children.computeIfAbsent(entry.parent(), parentUri -> new ChildUris()).add(entry.uri());
    }

    /** @throws IllegalArgumentException when {@code uri} is not a registered leaf */
    synchronized void replace(String uri, UnaryOperator<MemoryEntry> change) {
        MemoryEntry entry = get(uri);
        if (entry == null || entry.isCollection()) {
            throw new IllegalArgumentException(uri + " is not a registered leaf of provider " + providerId);
        }
        entries.put(uri, change.apply(entry));
    }

    /** @return the removed entry, whose descendants went too; null when {@code uri} was not registered */
    synchronized MemoryEntry remove(String uri) {
        MemoryEntry removed = uri == null ? null : entries.remove(uri);
        if (removed == null) {
            return null;
        }
        ChildUris siblings = children.get(removed.parent());
        siblings.remove(uri);
        if (siblings.isEmpty()) {
            children.remove(removed.parent());
        }
        // descendants through the children's lists, with a queue: nesting may be deeper than the stack
        Deque<String> collections = new ArrayDeque<>();
        collections.add(uri);
        while (!collections.isEmpty()) {
            ChildUris inside = children.remove(collections.poll());
            if (inside != null) {
                inside.snapshot(0).forEach(child -> {
                    entries.remove(child);
                    collections.add(child);
                });
            }
        }
        return removed;
    }

    /** @return true when {@code uri} is registered or lies below a registered collection */
    boolean covers(String uri) {
        if (entries.containsKey(uri)) {
            return true;
        }
        // only a prefix that ends at a slash (or just before it) can be a collection that holds uri:
        // look those up rather than ask every entry, since owns() asks this for every request
        for (int slash = uri.indexOf('/'); slash >= 0; slash = uri.indexOf('/', slash + 1)) {
            if (holds(uri.substring(0, slash), uri) || holds(uri.substring(0, slash + 1), uri)) {
                return true;
            }
        }
        return false;
    }

    private boolean holds(String collectionUri, String uri) {
        MemoryEntry entry = entries.get(collectionUri);
        return entry != null && entry.holds(uri);
    }

    /**
     * @param parent a collection's URI; null for the top level
     * @param skip   how many of its children to leave out, never negative
     * @return the metadata of the children after those, in registration order, from a snapshot taken
     *         now; a child removed (or moved by removing and adding it again) while the stream is
     *         read is left out
     */
    Stream<Resource> children(String parent, long skip) {
        Stream<String> uris;
        synchronized (this) {
            ChildUris inside = children.get(parent);
            if (inside == null) {
                return Stream.empty();
            }
            uris = inside.snapshot(skip);
        }
        return uris.map(entries::get)
                .filter(entry -> entry != null && Objects.equals(entry.parent(), parent))
                .map(MemoryEntry::metadata);
    }
}
