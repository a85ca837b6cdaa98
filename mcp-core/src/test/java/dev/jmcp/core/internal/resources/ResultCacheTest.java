package dev.jmcp.core.internal.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.CacheScope;
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
        cache.put(READ, result);
        clock.advance(Duration.ofMillis(999));
        assertSame(result, cache.get(READ));
        clock.advance(Duration.ofMillis(1));
        assertNull(cache.get(READ), "expired at ttlMs");
        assertEquals(0, cache.size());
    }

    @Test
    void whatTheHintsDoNotAllowIsNotKept() {
        ResultCache cache = new ResultCache(8, clock);
        cache.put(READ, read(0));
        cache.put(LIST, ListResourcesResult.of(List.of(Resource.of("mem://a", "a")), null)); // no hints: an older revision
        assertEquals(0, cache.size());
        ResultCache off = new ResultCache(0, clock);
        off.put(READ, read(1000));
        assertEquals(0, off.size(), "maxEntries=0 switches the cache off");
    }

    @Test
    void theLeastRecentlyUsedLeavesFirstAndNotificationsDropWhatTheyMakeStale() {
        ResultCache cache = new ResultCache(2, clock);
        ResultCache.Key other = new ResultCache.Key(McpMethodNames.RESOURCES_READ, "mem://b", null);
        cache.put(READ, read(1000));
        cache.put(other, read(1000));
        cache.get(READ);
        cache.put(LIST, ListResourcesResult.of(List.of(), null).withCaching(1000, CacheScope.PUBLIC));
        assertNull(cache.get(other), "the least recently used left");
        cache.updated("mem://a");
        assertNull(cache.get(READ));
        cache.listChanged();
        assertEquals(0, cache.size());
    }
}
