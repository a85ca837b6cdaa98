package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.CacheScope;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiscoverResultTest {

    private static final List<String> VERSIONS = List.of(ProtocolVersions.V2026_07_28);

    @Test
    void factoryMarksTheResultComplete() {
        DiscoverResult result = DiscoverResult.of(VERSIONS, ServerCapabilities.none(), 1000, CacheScope.PUBLIC);
        assertEquals("complete", result.resultType());
        assertTrue(result.isComplete());
    }

    @Test
    void negativeTtlIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DiscoverResult.of(VERSIONS, ServerCapabilities.none(), -1, CacheScope.PUBLIC));
        assertTrue(e.getMessage().startsWith("ttlMs"), e.getMessage());
    }

    @Test
    void missingTtlIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new DiscoverResult(VERSIONS,
                ServerCapabilities.none(), null, "complete", null, CacheScope.PRIVATE, null));
        assertEquals("ttlMs", e.getMessage());
    }

    @Test
    void missingCacheScopeIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> DiscoverResult.of(VERSIONS, ServerCapabilities.none(), 0, null));
        assertEquals("cacheScope", e.getMessage());
    }

    @Test
    void missingCapabilitiesAreRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> DiscoverResult.of(VERSIONS, null, 0, CacheScope.PUBLIC));
        assertEquals("capabilities", e.getMessage());
    }

    @Test
    void missingResultTypeIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new DiscoverResult(VERSIONS,
                ServerCapabilities.none(), null, null, 0L, CacheScope.PRIVATE, null));
        assertEquals("resultType", e.getMessage());
    }

    @Test
    void supportedVersionsAreCopiedAndImmutable() {
        List<String> versions = new ArrayList<>(VERSIONS);
        DiscoverResult result = DiscoverResult.of(versions, ServerCapabilities.none(), 0, CacheScope.PUBLIC);
        versions.add("2099-01-01");
        assertEquals(VERSIONS, result.supportedVersions());
        assertThrows(UnsupportedOperationException.class, () -> result.supportedVersions().add("x"));
    }

    @Test
    void withCachingReplacesTheHints() {
        DiscoverResult result = DiscoverResult.of(VERSIONS, ServerCapabilities.none(), 0, CacheScope.PUBLIC)
                .withCaching(5, CacheScope.PRIVATE);
        assertEquals(5L, result.ttlMs());
        assertEquals(CacheScope.PRIVATE, result.cacheScope());
    }
}
