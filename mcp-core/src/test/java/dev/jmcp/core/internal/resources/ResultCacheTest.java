package dev.jmcp.core.internal.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.CacheScope;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultCacheTest {
    /** A clock the test moves. */
    private static final class Manual extends Clock {
        private Instant now = Instant.EPOCH;

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final Manual clock = new Manual();
    private static final ResultCache.Key READ = new ResultCache.Key(McpMethodNames.RESOURCES_READ, "mem://a", null);
    private static final ResultCache.Key LIST = new ResultCache.Key(McpMethodNames.RESOURCES_LIST, null, null);

    private static ReadResourceResult read(long ttlMs) {
        return (ReadResourceResult) ReadResourceResult.of(TextResourceContents.of("mem://a", "text/plain", "x"))
                .withCaching(ttlMs, CacheScope.PRIVATE);
    }

    @Test
    void aResultIsServedUntilItsTtlHasPassed() {
        ResultCache cache = new ResultCache(8, clock);
        ReadResourceResult result = read(1000);
        cache.put(READ, result, false);
        clock.advance(Duration.ofMillis(999));
        assertSame(result, cache.get(READ));
        clock.advance(Duration.ofMillis(1));
        assertNull(cache.get(READ), "expired at ttlMs");
        assertEquals(0, cache.size());
    }

    @Test
    void whatTheHintsDoNotAllowIsNotKept() {
        ResultCache cache = new ResultCache(8, clock);
        cache.put(READ, read(0), false);
        cache.put(LIST, ListResourcesResult.of(List.of(Resource.of("mem://a", "a")), null), false); // no hints: an older revision
        assertEquals(0, cache.size());
        ResultCache off = new ResultCache(0, clock);
        off.put(READ, read(1000), false);
        assertEquals(0, off.size(), "maxEntries=0 switches the cache off");
    }

    private static ReadResourceResult versioned(long ttlMs) {
        Resource resource = ConditionalReads.withVersion(Resource.builder("mem://a", "a").mimeType("text/plain").build(), "v1");
        return (ReadResourceResult) ReadResourceResult.of(new TextResourceContents(resource, "x"))
                .withCaching(ttlMs, CacheScope.PRIVATE);
    }

    @Test
    void aVersionedReadIsKeptStaleForRevalidationOnlyWhenTheServerOffersIt() {
        ResultCache cache = new ResultCache(8, clock);
        cache.put(READ, versioned(0), false);
        assertEquals(0, cache.size(), "without conditional reads a stale result is worth nothing");
        ReadResourceResult held = versioned(0);
        cache.put(READ, held, true);
        assertNull(cache.get(READ), "ttlMs 0: never served without asking");
        assertSame(held, cache.stale(READ));
        cache.revalidated(READ, held, 1000L);
        assertSame(held, cache.get(READ), "a not-modified answer makes it fresh for its ttlMs");
        assertNull(cache.stale(READ), "nothing to revalidate while fresh");
        clock.advance(Duration.ofMillis(1000));
        assertNull(cache.get(READ));
        assertSame(held, cache.stale(READ), "kept past its ttlMs, to be revalidated");
        cache.updated("mem://a");
        assertNull(cache.stale(READ), "an update drops it: the content changed");
    }

    @Test
    void theLeastRecentlyUsedLeavesFirstAndNotificationsDropWhatTheyMakeStale() {
        ResultCache cache = new ResultCache(2, clock);
        ResultCache.Key other = new ResultCache.Key(McpMethodNames.RESOURCES_READ, "mem://b", null);
        cache.put(READ, read(1000), false);
        cache.put(other, read(1000), false);
        cache.get(READ);
        cache.put(LIST, ListResourcesResult.of(List.of(), null).withCaching(1000, CacheScope.PUBLIC), false);
        assertNull(cache.get(other), "the least recently used left");
        cache.updated("mem://a");
        assertNull(cache.get(READ));
        cache.listChanged();
        assertEquals(0, cache.size());
    }
}
