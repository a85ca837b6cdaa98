package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@code jmcp watch} makes of each notification, against a server made of a map. */
class WatchedResourcesTest {
    private static final String FOLDER = "file:///notes";
    private final Map<String, Resource> server = new LinkedHashMap<>();
    private int maxListing = 10;
    private final WatchedResources watched = new WatchedResources(FOLDER, server::get, () -> {
        List<Resource> children = new ArrayList<>(server.values());
        children.removeIf(resource -> resource.uri().equals(FOLDER));
        return children.size() > maxListing ? null : children;
    });

    private static Resource file(String name, long size, String modified, String version) {
        Resource resource = Resource.builder(FOLDER + "/" + name, name).size(size)
                .annotations(Annotations.lastModified(modified)).build();
        return version == null ? resource : ConditionalReads.withVersion(resource, version);
    }

    private void put(Resource resource) {
        server.put(resource.uri(), resource);
    }

    private List<String> lines(List<WatchChange> changes) {
        return changes.stream().map(WatchChange::text).toList();
    }

    @Test
    void anUpdateSaysWhichOfSizeTimeAndVersionChanged() {
        put(Resource.builder(FOLDER, "notes").isCollection(true).build());
        put(file("a.md", 5, "T1", "v1"));
        assertTrue(watched.start());
        put(file("a.md", 9, "T2", "v1"));
        assertEquals(List.of("changed file:///notes/a.md: size 5 -> 9, lastModified T1 -> T2"),
                lines(watched.updated(FOLDER + "/a.md")));
        put(file("a.md", 9, "T2", null));
        assertEquals(List.of("changed file:///notes/a.md: version v1 -> none"), lines(watched.updated(FOLDER + "/a.md")));
        assertEquals(List.of("updated file:///notes/a.md"), lines(watched.updated(FOLDER + "/a.md")));
    }

    @Test
    void aListChangeNamesWhatWasAddedAndRemovedAndJsonHasBeforeAndAfter() {
        put(Resource.builder(FOLDER, "notes").isCollection(true).build());
        put(file("a.md", 5, "T1", "v1"));
        watched.start();
        server.remove(FOLDER + "/a.md");
        put(file("b.md", 3, "T3", null));
        List<WatchChange> changes = watched.listChanged();
        assertEquals(List.of("removed file:///notes/a.md", "added file:///notes/b.md: size 3, lastModified T3"),
                lines(changes));
        assertEquals("{\"change\":\"removed\",\"uri\":\"file:///notes/a.md\",\"before\":{\"size\":5,"
                + "\"lastModified\":\"T1\",\"version\":\"v1\"}}", changes.get(0).json().toString());
        assertEquals("{\"change\":\"added\",\"uri\":\"file:///notes/b.md\",\"after\":{\"size\":3,"
                + "\"lastModified\":\"T3\"}}", changes.get(1).json().toString());
    }

    @Test
    void aListingLongerThanTheLimitIsOnlyListChanged() {
        maxListing = 1;
        put(Resource.builder(FOLDER, "notes").isCollection(true).build());
        put(file("a.md", 5, "T1", null));
        put(file("b.md", 5, "T1", null));
        assertFalse(watched.start());
        server.remove(FOLDER + "/a.md");
        assertEquals(List.of("list changed"), lines(watched.listChanged()));
        assertEquals("{\"change\":\"list changed\"}", WatchChange.listChanged().json().toString());
    }

    @Test
    void anUpdateOfAResourceGoneIsRemoved() {
        put(Resource.builder(FOLDER, "notes").isCollection(true).build());
        put(file("a.md", 5, "T1", null));
        watched.start();
        server.remove(FOLDER + "/a.md");
        assertEquals(List.of("removed file:///notes/a.md"), lines(watched.updated(FOLDER + "/a.md")));
    }
}
