package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.common.CacheScope;
import org.junit.jupiter.api.Test;

class ReadResourceMetadataTest {

    @Test
    void resultWithoutResourceNameIsRejected() {
        Resource nameless = TextResourceContents.of("file:///a", null, "x").resource();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReadResourceMetadataResult.of(nameless));
        assertEquals("resource.name is required", e.getMessage());
    }

    @Test
    void resultWithoutResourceIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> ReadResourceMetadataResult.of(null));
        assertEquals("resource", e.getMessage());
    }

    @Test
    void negativeTtlIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ReadResourceMetadataResult(
                Resource.of("file:///a", "a"), null, -1L, CacheScope.PUBLIC, null));
    }

    @Test
    void requestWithoutUriIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> ReadResourceMetadataRequestParams.of(null));
        assertEquals("uri", e.getMessage());
    }
}
