package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ResourcesListTest {
    private InMemoryResourceProvider memory;
    private Harness harness;
    private McpClient client;

    @BeforeEach
    void start() {
        memory = InMemoryResourceProvider.create("memory");
        for (int i = 1; i <= 5; i++) {
            memory.addText(Resource.builder("mem://top/" + i, "top" + i).mimeType("text/plain").build(), "t" + i);
        }
        memory.addCollection(Resource.of("mem://a", "a")).addCollection(Resource.of("mem://b", "b"));
        for (int i = 1; i <= 3; i++) {
            memory.addText("mem://a", Resource.of("mem://a/" + i, "a" + i), "a" + i);
            memory.addText("mem://b", Resource.of("mem://b/" + i, "b" + i), "b" + i);
        }
        harness = new Harness(ResourceSettings.builder().pageSize(3).build(), memory);
        client = harness.client();
    }

    @AfterEach
    void stop() throws Exception {
        harness.close();
    }

    private static List<String> uris(ListResourcesResult page) {
        return page.resources().stream().map(Resource::uri).toList();
    }

    /** @return the URIs of each page of the top-level listing, following the cursors (at most 10 pages) */
    private static List<List<String>> pages(McpClient client) {
        List<List<String>> pages = new ArrayList<>();
        String cursor = null;
        do {
            ListResourcesResult page = client.resources().list(cursor);
            pages.add(uris(page));
            cursor = page.nextCursor();
        } while (cursor != null && pages.size() < 10);
        return pages;
    }

    @Test
    void listPagesThroughEveryTopLevelResourceInOrder() {
        // 5 leaves + 2 collections at the top, 3 per page: 3 pages
        ListResourcesResult first = client.resources().list();
        ListResourcesResult second = client.resources().list(first.nextCursor());
        ListResourcesResult third = client.resources().list(second.nextCursor());
        assertEquals(List.of("mem://top/1", "mem://top/2", "mem://top/3"), uris(first));
        assertEquals(List.of("mem://top/4", "mem://top/5", "mem://a"), uris(second));
        assertEquals(List.of("mem://b"), uris(third));
        assertNotNull(first.nextCursor());
        assertNull(third.nextCursor());
        assertEquals(7, client.resources().listAll(3).size());
    }

    @Test
    void threePagesWithPageSizeTwo() throws Exception {
        InMemoryResourceProvider six = InMemoryResourceProvider.create("six");
        for (int i = 1; i <= 6; i++) {
            six.addText(Resource.of("six://" + i, "n" + i), "x");
        }
        try (Harness small = new Harness(ResourceSettings.builder().pageSize(2).build(), six)) {
            assertEquals(List.of(List.of("six://1", "six://2"), List.of("six://3", "six://4"), List.of("six://5", "six://6")),
                    pages(small.client()));
        }
    }

    @Test
    void providersAreListedByPriorityThenId() throws Exception {
        try (Harness ordered = new Harness(new StaticProvider("b", 0, "x"), new StaticProvider("a", 0, "y"),
                new StaticProvider("z", -1, "w"))) {
            assertEquals(List.of("z://w", "a://y", "b://x"), uris(ordered.client().resources().list()));
        }
    }

    @Test
    void pagesCrossProvidersAndEachProviderSkipsToThePageItself() throws Exception {
        StaticProvider z = new StaticProvider("z", -1, "w1", "w2", "w3");
        StaticProvider a = new StaticProvider("a", 0, "y1");
        StaticProvider b = new StaticProvider("b", 0, "x1", "x2", "x3");
        try (Harness small = new Harness(ResourceSettings.builder().pageSize(2).build(), b, a, z)) {
            assertEquals(List.of(List.of("z://w1", "z://w2"), List.of("z://w3", "a://y1"), List.of("b://x1", "b://x2"),
                    List.of("b://x3")), pages(small.client()));
            // a page that starts in b is found without walking z and a again
            String second = dev.jmcp.core.spi.ListingEntry.indexPosition(1);
            assertEquals(List.of("", second), z.afters);
            assertEquals(List.of(""), a.afters);
            assertEquals(List.of("", "", second), b.afters, "b is opened to learn that page 2 is not the last");
        }
    }

    @Test
    void listAllFailsClearlyWhenTheBoundIsHit() {
        McpException e = assertThrows(McpException.class, () -> client.resources().listAll(2));
        assertTrue(e.getMessage().contains("maxPages=2"), e.getMessage());
    }

    @Test
    void forgedCursorIsInvalidParamsNamingCursor() {
        for (String forged : List.of("AAAA", "not base64!", "eyJwYWdlIjogM30=", "")) {
            ProtocolException e = Harness.protocolError(() -> client.resources().list(forged));
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code(), forged);
            assertTrue(e.getMessage().contains("params.cursor"), e.getMessage());
        }
    }

    @Test
    void tamperedCursorIsInvalidParams() {
        String cursor = client.resources().list().nextCursor();
        char last = cursor.charAt(cursor.length() - 1);
        String tampered = cursor.substring(0, cursor.length() - 1) + (last == 'A' ? 'B' : 'A');
        String shifted = (cursor.charAt(10) == 'A' ? "B" : "A");
        String offsetChanged = cursor.substring(0, 10) + shifted + cursor.substring(11);
        for (String bad : List.of(tampered, offsetChanged)) {
            ProtocolException e = Harness.protocolError(() -> client.resources().list(bad));
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
            assertTrue(e.getMessage().contains("params.cursor"), e.getMessage());
        }
    }

    @Test
    void cursorReplayedAfterAListChangeStillStartsAfterItsPosition() {
        String cursor = client.resources().list().nextCursor();
        List<String> before = uris(client.resources().list(cursor));
        assertEquals(3, before.size());
        memory.addText(Resource.of("mem://top/6", "top6"), "t6");
        ListResourcesResult again = client.resources().list(cursor); // a position is not moved by a change
        assertEquals(before, uris(again));
        List<String> last = uris(client.resources().list(again.nextCursor()));
        assertEquals("mem://top/6", last.get(last.size() - 1), "the added entry comes last");
        List<String> all = client.resources().listAll(5).stream().map(Resource::uri).toList();
        assertEquals(8, all.size());
        assertEquals(8, new java.util.HashSet<>(all).size(), "nothing repeated");
    }

    @Test
    void cursorOfAnotherCollectionIsInvalidParams() throws Exception {
        try (Harness small = new Harness(ResourceSettings.builder().pageSize(2).build(), memory)) {
            McpClient c = small.client();
            String ofA = c.resources().children("mem://a", null).nextCursor();
            assertNotNull(ofA);
            assertEquals(List.of("mem://a/3"), uris(c.resources().children("mem://a", ofA)));
            ProtocolException e = Harness.protocolError(() -> c.resources().children("mem://b", ofA));
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
            assertTrue(e.getMessage().contains("params.cursor"), e.getMessage());
            // nor is a cursor of the top level good for a collection, or the other way round
            String top = c.resources().list().nextCursor();
            assertEquals(ErrorCodes.INVALID_PARAMS, Harness.protocolError(() -> c.resources().children("mem://a", top)).code());
            assertEquals(ErrorCodes.INVALID_PARAMS, Harness.protocolError(() -> c.resources().list(ofA)).code());
        }
    }

    @Test
    void listWithTheUriOfACollectionListsItsChildren() {
        ListResourcesResult children = client.resources().children("mem://a", null);
        assertEquals(List.of("mem://a/1", "mem://a/2", "mem://a/3"), uris(children));
        assertNull(children.nextCursor());
        assertEquals(Boolean.FALSE, children.resources().get(0).isCollection());
    }

    @Test
    void listWithTheUriOfALeafIsInvalidParamsWithDataUri() {
        ProtocolException e = Harness.protocolError(() -> client.resources().children("mem://top/1", null));
        assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
        assertFalse(e instanceof ResourceNotFoundException);
        assertTrue(e.getMessage().contains("not a collection"), e.getMessage());
        assertEquals("mem://top/1", ((JsonObject) e.data()).getString("uri"));
    }

    @Test
    void listWithAMissingUriIsResourceNotFound() {
        for (String missing : List.of("mem://a/404", "nobody://owns/this")) {
            ProtocolException e = Harness.protocolError(() -> client.resources().children(missing, null));
            ResourceNotFoundException notFound = assertInstanceOf(ResourceNotFoundException.class, e);
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
            assertEquals("Resource not found", e.getMessage());
            assertEquals(missing, ((JsonObject) e.data()).getString("uri"));
            assertEquals(missing, notFound.uri());
        }
    }
}
