package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.common.CacheScope;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadResourceResultTest {

    @Test
    void contentsWithoutNamesAreAccepted() {
        ReadResourceResult result = ReadResourceResult.of(TextResourceContents.of("file:///a", null, "hi"));
        assertEquals(1, result.contents().size());
    }

    @Test
    void missingContentsAreRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> ReadResourceResult.of((List<ResourceContents>) null));
        assertEquals("contents", e.getMessage());
    }

    @Test
    void contentsAreCopiedAndImmutable() {
        List<ResourceContents> contents = new ArrayList<>(List.of(TextResourceContents.of("file:///a", null, "x")));
        ReadResourceResult result = ReadResourceResult.of(contents);
        contents.clear();
        assertEquals(1, result.contents().size());
        assertThrows(UnsupportedOperationException.class, () -> result.contents().clear());
    }

    @Test
    void negativeTtlIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> new ReadResourceResult(List.of(), "complete", -1L, CacheScope.PRIVATE, null));
    }

    @Test
    void withCachingKeepsAnExistingResultType() {
        ReadResourceResult result = new ReadResourceResult(List.of(), "x-custom", null, null, null)
                .withCaching(0, CacheScope.PUBLIC);
        assertEquals("x-custom", result.resultType());
        assertEquals(0L, result.ttlMs());
    }
}
