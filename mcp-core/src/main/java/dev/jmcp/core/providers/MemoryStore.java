package dev.jmcp.core.providers;

import dev.jmcp.core.spi.ListingEntry;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The resources of an {@link InMemoryResourceProvider}: each entry by URI, and each collection's
 * children (and the top level) in registration order, so that a page of a listing starts after a
 * position found by a binary search instead of filtering every entry. A position is the store's
 * count of additions when the entry was added ({@link ListingEntry#indexPosition}): it only grows
 * and is never reused, so entries removed or added between pages make no other entry skip or repeat. Both hold the same {@link Children.Cell} per URI, which an
 * update changes in place. Thread-safe: changes take one lock; lookups and the listings' snapshots
 * are read without it.
 */
final class MemoryStore {
    private final String providerId;
    private final Map<String, Children.Cell> entries = new ConcurrentHashMap<>(); // changed under this
    private final Map<String, Children> children = new HashMap<>(); // guarded by this; the null key is the top level
    private long added; // guarded by this

    MemoryStore(String providerId) {
        this.providerId = providerId;
    }

    /** @return the entry of {@code uri}; null when it is not registered */
    MemoryEntry get(String uri) {
        Children.Cell cell = uri == null ? null : entries.get(uri);
        return cell == null ? null : cell.entry;
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
        Children.Cell cell = new Children.Cell(entry, ListingEntry.indexPosition(added++));
        entries.put(entry.uri(), cell);
        children.computeIfAbsent(entry.parent(), parentUri -> new Children()).add(cell);
    }

    /** @throws IllegalArgumentException when {@code uri} is not a registered leaf */
    synchronized void replace(String uri, UnaryOperator<MemoryEntry> change) {
        Children.Cell cell = uri == null ? null : entries.get(uri);
        if (cell == null || cell.entry.isCollection()) {
            throw new IllegalArgumentException(uri + " is not a registered leaf of provider " + providerId);
        }
        cell.entry = change.apply(cell.entry);
    }

    /** @return the removed entry, whose descendants went too; null when {@code uri} was not registered */
    synchronized MemoryEntry remove(String uri) {
        Children.Cell cell = uri == null ? null : entries.remove(uri);
        if (cell == null) {
            return null;
        }
        MemoryEntry removed = cell.entry;
        cell.entry = null; // a listing that holds the cell already leaves it out
        Children siblings = children.get(removed.parent());
        siblings.remove(cell);
        if (siblings.isEmpty()) {
            children.remove(removed.parent());
        }
        // descendants through the children's lists, with a queue: nesting may be deeper than the stack
        Deque<String> collections = new ArrayDeque<>();
        collections.add(uri);
        while (!collections.isEmpty()) {
            Children inside = children.remove(collections.poll());
            if (inside != null) {
                inside.snapshot().forEach(child -> {
                    String childUri = child.entry.uri();
                    entries.remove(childUri);
                    child.entry = null;
                    collections.add(childUri);
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
        MemoryEntry entry = get(collectionUri);
        return entry != null && entry.holds(uri);
    }

    /**
     * @param parent   a collection's URI; null for the top level
     * @param after    a listing position; null for the first page
     * @param limit    the most entries to list
     * @param versions whether the entries carry their versions
     * @return the children whose positions come after it, in registration order, from a snapshot
     *         taken now; a child removed (or moved by removing and adding it again) while the stream
     *         is read is left out
     */
    Stream<ListingEntry> children(String parent, String after, int limit, boolean versions) {
        synchronized (this) {
            Children inside = children.get(parent);
            return inside == null ? Stream.empty() : inside.entriesAfter(after, limit, versions);
        }
    }
}
