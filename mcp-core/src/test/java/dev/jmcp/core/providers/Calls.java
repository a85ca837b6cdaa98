package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;

/** A provider's calls as the engine makes them, outside a request: {@link Caller#none()}, no sink. */
final class Calls {
    /** Large enough for every listing of these tests, so that one page is the whole listing. */
    static final int ALL = 100_000;

    private Calls() {
    }

    static Optional<Resource> describe(ResourceProvider provider, String uri) {
        return provider.describe(uri, Caller.none());
    }

    static Resource metadata(ResourceProvider provider, String uri) {
        return describe(provider, uri).orElseThrow(() -> new AssertionError(uri + " is not there"));
    }

    /** @return the top level, whole */
    static List<Resource> top(ResourceProvider provider) {
        return resources(page(provider, null, null, ALL));
    }

    /** @return the children of {@code collection}, whole */
    static List<Resource> children(ResourceProvider provider, String collection) {
        return resources(page(provider, collection, null, ALL));
    }

    /**
     * @param collection null for the top level
     * @param after      null for the first page
     * @return one page of entries, the stream closed
     */
    static List<ListingEntry> page(ResourceProvider provider, String collection, String after, int limit) {
        Listing listing = collection == null ? Listing.top(after, limit, Caller.none())
                : Listing.children(collection, after, limit, Caller.none());
        try (Stream<ListingEntry> entries = provider.list(listing)) {
            return entries.toList();
        }
    }

    static List<Resource> resources(List<ListingEntry> entries) {
        return entries.stream().map(ListingEntry::resource).toList();
    }

    /** Reads {@code uri} as the engine does: described first, then read. */
    static List<ResourceContents> read(ResourceProvider provider, String uri) {
        return provider.read(metadata(provider, uri), ReadContext.none());
    }

    /** Reads {@code uri} without describing it first: as a read of a resource that went away since. */
    static List<ResourceContents> readUndescribed(ResourceProvider provider, String uri) {
        return provider.read(Resource.of(uri, "undescribed"), ReadContext.none());
    }

    /**
     * Asserts that {@code call} fails with {@code -32602}, {@code data.uri} = {@code uri} and a
     * message that holds each of {@code says}, as a refused URI or a resource not found does.
     */
    static ProtocolException assertInvalidParams(Executable call, String uri, String... says) {
        ProtocolException refused = assertThrows(ProtocolException.class, call, uri);
        assertEquals(ErrorCodes.INVALID_PARAMS, refused.code(), uri);
        assertEquals(uri, ((JsonObject) refused.data()).getString("uri"));
        for (String said : says) {
            assertTrue(refused.getMessage().contains(said), refused.getMessage() + " says " + said);
        }
        return refused;
    }
}
