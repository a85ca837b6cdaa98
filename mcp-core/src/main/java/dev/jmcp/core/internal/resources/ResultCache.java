package dev.jmcp.core.internal.resources;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.CacheableResult;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The results a client may reuse, as the server's caching hints (2026-07-28) allow: a result with
 * {@code ttlMs} above 0 is served again until it is that old. Both scopes are kept, since the
 * cache belongs to one client and so to one authorization context. At most {@code maxEntries}
 * results, the least recently used leaving first; a resource's update and a list change drop what
 * they make stale. Thread-safe.
 */
final class ResultCache {
    /** What a result answered: the method, the resource it is about (may be null) and the page (may be null). */
    record Key(String method, String uri, String cursor) {
    }

    private record Entry(Object result, long expiresAt) {
    }

    private final int maxEntries;
    private final Clock clock;
    private final Map<Key, Entry> entries; // guarded by this

    /** @param maxEntries at most this many results; 0 keeps none */
    ResultCache(int maxEntries, Clock clock) {
        this.maxEntries = maxEntries;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
                return size() > ResultCache.this.maxEntries;
            }
        };
    }

    /** @return the fresh result for {@code key}; null when there is none */
    synchronized Object get(Key key) {
        Entry entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (clock.millis() >= entry.expiresAt()) {
            entries.remove(key);
            return null;
        }
        return entry.result();
    }

    /** Keeps {@code result} when its hints allow it. */
    void put(Key key, Object result) {
        if (maxEntries == 0 || !(result instanceof CacheableResult cacheable) || cacheable.ttlMs() == null
                || cacheable.ttlMs() <= 0 || holdsBlob(result)) {
            return;
        }
        long expiresAt = clock.millis() + cacheable.ttlMs();
        synchronized (this) {
            entries.put(key, new Entry(result, expiresAt));
        }
    }

    /** A blob may live in a file its reader deletes when done with it: only text is kept. */
    private static boolean holdsBlob(Object result) {
        return result instanceof ReadResourceResult read
                && read.contents().stream().anyMatch(BlobResourceContents.class::isInstance);
    }

    /** Drops what an update of {@code uri} makes stale: its content, its metadata, its children. */
    synchronized void updated(String uri) {
        entries.keySet().removeIf(key -> uri.equals(key.uri()));
    }

    /** Drops every listing, after {@code notifications/resources/list_changed}. */
    synchronized void listChanged() {
        entries.keySet().removeIf(key -> McpMethodNames.RESOURCES_LIST.equals(key.method())
                || McpMethodNames.RESOURCES_TEMPLATES_LIST.equals(key.method()));
    }

    synchronized int size() {
        return entries.size();
    }
}
