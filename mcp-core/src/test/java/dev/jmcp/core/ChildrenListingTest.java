package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ResourcesCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.resources.ListResourcesRequestParams;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * jmcp's children listing ({@code resources/list} with {@code params.uri}) is advertised by the
 * server, and used by the client only when advertised: a server without it ignores the URI and
 * answers with its top level, which would read as the collection's children.
 */
class ChildrenListingTest {

    @Test
    void aServerWithResourcesAdvertisesItsChildrenListingAndTheClientUsesIt() {
        InMemoryResourceProvider notes = InMemoryResourceProvider.create("notes")
                .addCollection(Resource.of("notes://all", "all notes"))
                .addText("notes://all", Resource.of("notes://all/hello", "hello"), "hi");
        try (Harness harness = new Harness(notes)) {
            McpClient client = harness.client();

            assertTrue(client.serverCapabilities().extensions().containsKey(ListResourcesRequestParams.CHILDREN_EXTENSION),
                    client.serverCapabilities()::toString);
            assertEquals(List.of("notes://all/hello"),
                    client.resources().children("notes://all", null).resources().stream().map(Resource::uri).toList());
        }
    }

    @Test
    void childrenOfAServerThatDoesNotAdvertiseThemFailClearlyWithoutARequest() {
        AtomicInteger listings = new AtomicInteger();
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        // a server of another SDK: resources, no children listing; its resources/list ignores params.uri
        ServerSession server = ServerSession.builder(pair.server())
                .serverInfo(Implementation.of("other-sdk", "1.0"))
                .capabilities(ServerCapabilities.ofResources(ResourcesCapability.of()))
                .requestHandler("resources/list", (params, context) -> {
                    listings.incrementAndGet();
                    return ListResourcesResult.of(List.of(Resource.of("top://a", "a")), null);
                })
                .build();
        try (server; McpClient client = McpClient.connect(pair.client())) {
            McpException failure = assertThrows(McpException.class, () -> client.resources().children("top://folder", null));

            assertTrue(failure.getMessage().startsWith("the server cannot list children of top://folder: it does not "
                    + "advertise jmcp's children listing"), failure::toString);
            assertEquals(0, listings.get(), "no request was sent");
            assertEquals(List.of("top://a"), client.resources().list().resources().stream().map(Resource::uri).toList());
        }
    }
}
