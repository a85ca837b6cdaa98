package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResourceTest {

    @Test
    void negativeSizeIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Resource.builder("file:///a", "a").size(-1L).build());
        assertTrue(e.getMessage().startsWith("size"), e.getMessage());
    }

    @Test
    void zeroSizeIsAccepted() {
        assertEquals(0L, Resource.builder("file:///a", "a").size(0L).build().size());
    }

    @Test
    void missingUriIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> Resource.of(null, "a"));
        assertEquals("uri", e.getMessage());
    }

    @Test
    void collectionIsTrueOnlyWhenTheServerSaidSo() {
        assertTrue(Resource.builder("file:///d", "d").isCollection(true).build().collection());
        assertFalse(Resource.builder("file:///f", "f").isCollection(false).build().collection());
        assertFalse(Resource.of("file:///x", "x").collection());
    }
}
