package dev.jmcp.dialect.gomcp.internal.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChildrenTest {
    @Test
    void onlyTheDirectChildrenOfTheCollectionRemainAndThePageKeepsItsCursor() {
        ListResourcesResult flat = ListResourcesResult.of(List.of(Resource.of("mem://d", "d"),
                Resource.of("mem://d/a", "a"), Resource.of("mem://d/sub/", "sub"), Resource.of("mem://d/sub/b", "b"),
                Resource.of("mem://dx/c", "c")), "next");

        ListResourcesResult children = Children.of("mem://d", flat);

        assertEquals(List.of("mem://d/a", "mem://d/sub/"), children.resources().stream().map(Resource::uri).toList());
        assertEquals("next", children.nextCursor());
        assertEquals(children.resources(), Children.of("mem://d/", flat).resources());
    }
}
