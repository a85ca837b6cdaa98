package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.common.CacheScope;
import dev.jmcp.schema.common.Icon;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceTemplateTest {

    @Test
    void missingNameIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new ResourceTemplate("file:///{path}", null, null, null, null, null, null, null));
        assertEquals("name", e.getMessage());
    }

    @Test
    void missingUriTemplateIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> ResourceTemplate.of(null, "files"));
        assertEquals("uriTemplate", e.getMessage());
    }

    @Test
    void builderSetsOptionalFields() {
        ResourceTemplate template = ResourceTemplate.builder("file:///{path}", "files").title("Files")
                .mimeType("application/octet-stream").icons(List.of(Icon.of("https://example.com/f.png"))).build();
        assertEquals("Files", template.title());
        assertEquals("application/octet-stream", template.mimeType());
        assertEquals(1, template.icons().size());
    }

    @Test
    void iconsAreCopiedAndImmutable() {
        List<Icon> icons = new ArrayList<>(List.of(Icon.of("https://example.com/f.png")));
        ResourceTemplate template = ResourceTemplate.builder("file:///{path}", "files").icons(icons).build();
        icons.clear();
        assertEquals(1, template.icons().size());
        assertThrows(UnsupportedOperationException.class, () -> template.icons().clear());
    }

    @Test
    void listOfTemplatesIsCopiedAndImmutable() {
        List<ResourceTemplate> templates = new ArrayList<>(List.of(ResourceTemplate.of("file:///{p}", "p")));
        ListResourceTemplatesResult result = ListResourceTemplatesResult.of(templates, null);
        templates.clear();
        assertEquals(1, result.resourceTemplates().size());
        assertThrows(UnsupportedOperationException.class, () -> result.resourceTemplates().clear());
    }

    @Test
    void listWithNegativeTtlIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> new ListResourceTemplatesResult(List.of(), null, "complete", -1L, CacheScope.PUBLIC, null));
    }

    @Test
    void listWithoutTemplatesIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> ListResourceTemplatesResult.of(null, null));
        assertEquals("resourceTemplates", e.getMessage());
    }
}
