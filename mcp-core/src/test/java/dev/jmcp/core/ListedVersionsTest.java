package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A listed resource's version: the one its provider put in its {@code _meta}, else the provider's
 * {@code version}, which is then asked for that entry alone; reads and metadata always ask.
 */
class ListedVersionsTest {
    /** Lists a leaf that carries its version, one that does not, and one that carries an empty one. */
    private static class Stamping implements ResourceProvider {
        final List<String> asked = new ArrayList<>();
        final Map<String, Resource> resources = Map.of(
                "x:/stamped", ConditionalReads.withVersion(Resource.builder("x:/stamped", "stamped").isCollection(false)
                        .build(), "own-1"),
                "x:/plain", Resource.builder("x:/plain", "plain").isCollection(false).build(),
                "x:/empty", Resource.builder("x:/empty", "empty").isCollection(false)
                        .meta(JsonRuntime.provider().createObjectBuilder().add(ConditionalReads.VERSION, "").build()).build());

        @Override
        public String id() {
            return "stamping";
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            return Optional.ofNullable(resources.get(uri));
        }

        @Override
        public Stream<ListingEntry> list(Listing listing) {
            if (listing.collection().isPresent()) {
                return Stream.empty();
            }
            return Stream.of("x:/empty", "x:/plain", "x:/stamped").map(uri -> ListingEntry.of(resources.get(uri), uri));
        }

        @Override
        public List<ResourceContents> read(Resource resource, ReadContext context) {
            return List.of(TextResourceContents.of(resource.uri(), "text/plain", "body"));
        }

        @Override
        public synchronized Optional<String> version(Resource resource) {
            asked.add(resource.uri());
            return Optional.of("asked-" + resource.uri());
        }
    }

    @Test
    void aListedResourceKeepsTheVersionItsProviderPutInItsMetaAndTheProviderIsAskedForTheRest() {
        Stamping provider = new Stamping();
        try (Harness harness = new Harness(provider)) {
            McpClient client = harness.versionsClient();
            List<Resource> listed = client.resources().list().resources();
            assertEquals(List.of("x:/empty", "x:/plain", "x:/stamped"), listed.stream().map(Resource::uri).toList());
            assertEquals("asked-x:/empty", ConditionalReads.version(listed.get(0)));
            assertEquals("asked-x:/plain", ConditionalReads.version(listed.get(1)));
            assertEquals("own-1", ConditionalReads.version(listed.get(2)));
            assertEquals(List.of("x:/empty", "x:/plain"), provider.asked);

            // a read takes the version from the provider, just before the content
            assertEquals("asked-x:/stamped", ConditionalReads.version(client.resources().read("x:/stamped")));
            assertEquals(List.of("x:/empty", "x:/plain", "x:/stamped"), provider.asked);
        }
    }

    @Test
    void aClientThatDidNotDeclareConditionalReadsListsNoVersionsAndTheProviderIsNotAskedForThem() {
        Stamping provider = new Stamping();
        try (Harness harness = new Harness(provider)) {
            List<Resource> listed = harness.client().resources().list().resources();
            assertEquals(List.of("x:/empty", "x:/plain", "x:/stamped"), listed.stream().map(Resource::uri).toList());
            // the version the provider stamped is left out too, so that every provider lists alike
            listed.forEach(resource -> assertNull(ConditionalReads.version(resource), resource.uri()));
            assertEquals(List.of(), provider.asked);
        }
    }

    @Test
    void aListedCollectionGetsNoVersion() {
        Resource folder = Resource.builder("x:/folder/", "folder").isCollection(true).build();
        ResourceProvider provider = new Stamping() {
            @Override
            public Stream<ListingEntry> list(Listing listing) {
                return listing.collection().isPresent() ? Stream.empty() : Stream.of(ListingEntry.of(folder, "a"));
            }
        };
        try (Harness harness = new Harness(provider)) {
            assertNull(ConditionalReads.version(harness.versionsClient().resources().list().resources().get(0)));
        }
    }
}
