package dev.jmcp.core.internal.resources;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.CacheableResult;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.TextResourceContents;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The results a client may reuse, as the server's caching hints (2026-07-28) allow: a result with
 * {@code ttlMs} above 0 is served again until it is that old. A read result that carries a content
 * version ({@link ConditionalReads}) is kept past that too, when the server offers conditional
 * reads, whatever its {@code ttlMs} (0, or none in the session era): once stale it is
 * {@linkplain #stale revalidated} with its version rather than fetched again. Both scopes are kept, since the
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
            if (!versioned(entry.result())) {
                entries.remove(key);
            }
            return null;
        }
        return entry.result();
    }

    /** @return the result for {@code key} that is no longer fresh but has a version to revalidate with; null when none */
    synchronized ReadResourceResult stale(Key key) {
        Entry entry = entries.get(key);
        return entry != null && clock.millis() >= entry.expiresAt() && versioned(entry.result())
                ? (ReadResourceResult) entry.result() : null;
    }

    /**
     * Keeps {@code result} when its hints allow it, or when it can be revalidated.
     *
     * @param revalidates whether the server offers conditional reads
     */
    void put(Key key, Object result, boolean revalidates) {
        if (maxEntries == 0 || !(result instanceof CacheableResult cacheable) || holdsBlob(result)) {
            return;
        }
        long ttl = cacheable.ttlMs() == null ? 0 : cacheable.ttlMs();
        if (ttl <= 0 && !(revalidates && versioned(result))) {
            return;
        }
        keep(key, result, ttl);
    }

    /** Keeps {@code held} for {@code key} as fresh as a "not modified" answer with {@code ttlMs} (null: 0) says. */
    void revalidated(Key key, ReadResourceResult held, Long ttlMs) {
        keep(key, held, ttlMs == null ? 0 : Math.max(0, ttlMs));
    }

    private void keep(Key key, Object result, long ttl) {
        long expiresAt = clock.millis() + ttl;
        synchronized (this) {
            entries.put(key, new Entry(result, expiresAt));
        }
    }

    private static boolean versioned(Object result) {
        return result instanceof ReadResourceResult read && ConditionalReads.version(read) != null;
    }

    /**
     * A blob may live in a file its reader deletes when done with it, and a streamed text can be read
     * once: only text held as a String is kept.
     */
    private static boolean holdsBlob(Object result) {
        return result instanceof ReadResourceResult read
                && !read.contents().stream().allMatch(TextResourceContents.class::isInstance);
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
