package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.CacheScope;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListResourcesResultTest {

    private static Resource nameless(String uri) {
        return BlobResourceContents.of(uri, null, Blob.of(new byte[0])).resource();
    }

    @Test
    void resourceWithoutNameIsRejectedNamingItsIndex() {
        List<Resource> resources = List.of(Resource.of("file:///a", "a"), Resource.of("file:///b", "b"),
                Resource.of("file:///c", "c"), nameless("file:///d"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ListResourcesResult.of(resources, null));
        assertEquals("resources[3].name is required", e.getMessage());
    }

    @Test
    void missingResourcesAreRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> ListResourcesResult.of(null, null));
        assertEquals("resources", e.getMessage());
    }

    @Test
    void resourcesAreCopiedAndImmutable() {
        List<Resource> resources = new ArrayList<>(List.of(Resource.of("file:///a", "a")));
        ListResourcesResult result = ListResourcesResult.of(resources, "next");
        resources.clear();
        assertEquals(1, result.resources().size());
        assertThrows(UnsupportedOperationException.class, () -> result.resources().clear());
    }

    @Test
    void negativeTtlIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ListResourcesResult(List.of(), null, "complete", -5L, CacheScope.PUBLIC, null));
        assertEquals("ttlMs must be >= 0, was -5", e.getMessage());
    }

    @Test
    void resultsOfEarlierRevisionsLeaveTheCachingFieldsAbsent() {
        ListResourcesResult result = ListResourcesResult.of(List.of(), null);
        assertNull(result.resultType());
        assertNull(result.ttlMs());
        assertNull(result.cacheScope());
        assertTrue(result.isComplete());
    }

    @Test
    void withCachingSetsTheHintsAndMarksTheResultComplete() {
        ListResourcesResult result = ListResourcesResult.of(List.of(Resource.of("file:///a", "a")), "c2")
                .withCaching(600_000, CacheScope.PRIVATE);
        assertEquals("complete", result.resultType());
        assertEquals(600_000L, result.ttlMs());
        assertEquals(CacheScope.PRIVATE, result.cacheScope());
        assertEquals("c2", result.nextCursor());
    }

    @Test
    void withCachingRejectsANegativeTtl() {
        assertThrows(IllegalArgumentException.class,
                () -> ListResourcesResult.of(List.of(), null).withCaching(-1, CacheScope.PUBLIC));
    }
}
