package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ResourceLinkTest {

    @Test
    void linkWithoutNameIsRejected() {
        Resource nameless = TextResourceContents.of("file:///a", "text/plain", "x").resource();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ResourceLink(nameless));
        assertEquals("resource.name is required", e.getMessage());
    }

    @Test
    void linkWithoutResourceIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new ResourceLink(null));
        assertEquals("resource", e.getMessage());
    }

    @Test
    void factoryKeepsUriAndName() {
        ResourceLink link = ResourceLink.of("file:///a", "a");
        assertEquals("file:///a", link.resource().uri());
        assertEquals("a", link.resource().name());
    }
}
