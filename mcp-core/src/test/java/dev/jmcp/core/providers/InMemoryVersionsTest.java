package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The in-memory provider's content versions count its changes. */
class InMemoryVersionsTest {
    private static final Resource NOTE = Resource.builder("mem://note", "note").mimeType("text/plain").build();

    /** @return the version, null when there is none */
    private static String version(InMemoryResourceProvider memory, String uri) {
        return memory.version(Calls.metadata(memory, uri)).orElse(null);
    }

    @Test
    void everyChangeOfContentAndNothingElseChangesTheVersion() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory").addText(NOTE, "v1")
                .addText(Resource.of("mem://other", "other"), "o");
        String first = version(memory, "mem://note");
        assertNotNull(first);
        memory.update("mem://other", "o2");
        assertEquals(first, version(memory, "mem://note"), "another resource's change is not this one's");
        memory.update("mem://note", "v2");
        String second = version(memory, "mem://note");
        assertNotEquals(first, second);
        memory.addFormat("mem://note", "text/html", "<p>v2</p>");
        assertNotEquals(second, version(memory, "mem://note"), "a new format is new content");
        String third = version(memory, "mem://note");
        memory.update("mem://note", Blob.of(new byte[] {1}));
        assertNotEquals(third, version(memory, "mem://note"));
    }

    @Test
    void aResourceRemovedAndAddedAgainNeverRepeatsAVersion() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory").addText(NOTE, "v1");
        String before = version(memory, "mem://note");
        memory.remove("mem://note");
        memory.addText(NOTE, "other text");
        assertNotEquals(before, version(memory, "mem://note"));
        InMemoryResourceProvider restarted = InMemoryResourceProvider.create("memory").addText(NOTE, "v1");
        assertNotEquals(before, version(restarted, "mem://note"), "a new instance counts from 1 under another tag");
    }

    @Test
    void collectionsAndTemplateReadsHaveNoVersion() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addCollection(Resource.of("mem://docs", "docs"))
                .addTemplate(ResourceTemplate.of("mem://t/{x}", "t"),
                        (uri, variables) -> List.of(TextResourceContents.of(uri, "text/plain", variables.get("x"))));
        assertEquals(Optional.empty(), memory.version(Calls.metadata(memory, "mem://docs")));
        assertEquals(Optional.empty(), memory.version(Calls.metadata(memory, "mem://t/1")));
    }
}
