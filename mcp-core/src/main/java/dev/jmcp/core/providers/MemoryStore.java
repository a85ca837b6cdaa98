package dev.jmcp.core.providers;

import dev.jmcp.schema.resources.Resource;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

/** The resources of an {@link InMemoryResourceProvider}, in registration order. Thread-safe: one lock. */
final class MemoryStore {
    private final String providerId;
    private final Map<String, MemoryEntry> entries = new LinkedHashMap<>(); // guarded by this

    MemoryStore(String providerId) {
        this.providerId = providerId;
    }

    synchronized MemoryEntry get(String uri) {
        return entries.get(uri);
    }

    /** @throws IllegalArgumentException when the URI is taken or the parent is not a registered collection */
    synchronized void add(MemoryEntry entry) {
        if (entries.containsKey(entry.uri())) {
            throw new IllegalArgumentException(entry.uri() + " is already registered in provider " + providerId
                    + "; update or remove it");
        }
        MemoryEntry parent = entry.parent() == null ? null : entries.get(entry.parent());
        if (entry.parent() != null && (parent == null || !parent.isCollection())) {
            throw new IllegalArgumentException("parent " + entry.parent() + " of " + entry.uri()
                    + " is not a registered collection of provider " + providerId);
        }
        entries.put(entry.uri(), entry);
    }

    /** @throws IllegalArgumentException when {@code uri} is not a registered leaf */
    synchronized void replace(String uri, UnaryOperator<MemoryEntry> change) {
        MemoryEntry entry = entries.get(uri);
        if (entry == null || entry.isCollection()) {
            throw new IllegalArgumentException(uri + " is not a registered leaf of provider " + providerId);
        }
        entries.put(uri, change.apply(entry));
    }

    /** @return the removed entry, whose descendants went too; null when {@code uri} was not registered */
    synchronized MemoryEntry remove(String uri) {
        MemoryEntry removed = entries.remove(uri);
        if (removed != null) {
            // a child is always registered after its parent, so one pass in order finds them all
            Set<String> gone = new HashSet<>(Set.of(uri));
            for (Iterator<MemoryEntry> it = entries.values().iterator(); it.hasNext(); ) {
                MemoryEntry entry = it.next();
                if (gone.contains(entry.parent())) {
                    gone.add(entry.uri());
                    it.remove();
                }
            }
        }
        return removed;
    }

    /** @return true when {@code uri} is registered or lies below a registered collection */
    synchronized boolean covers(String uri) {
        if (entries.containsKey(uri)) {
            return true;
        }
        for (MemoryEntry entry : entries.values()) {
            if (entry.holds(uri)) {
                return true;
            }
        }
        return false;
    }

    /** @return the metadata of the entries directly inside {@code parent} (null: the top), in order */
    synchronized List<Resource> children(String parent) {
        return entries.values().stream().filter(e -> Objects.equals(e.parent(), parent)).map(MemoryEntry::metadata).toList();
    }
}
