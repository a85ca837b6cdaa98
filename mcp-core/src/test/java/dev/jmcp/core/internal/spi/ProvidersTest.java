package dev.jmcp.core.internal.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ProvidersTest {

    static class FirstX implements ResourceProvider {
        private final String id;
        private final int priority;

        FirstX(String id, int priority) {
            this.id = id;
            this.priority = priority;
        }

        FirstX() {
            this("x", 0);
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public int priority() {
            return priority;
        }

        @Override
        public boolean owns(String uri) {
            return false;
        }

        @Override
        public Stream<ListingEntry> list(Listing listing) {
            return Stream.empty();
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            return Optional.empty();
        }

        @Override
        public List<ResourceContents> read(Resource resource, ReadContext context) {
            throw new AssertionError("never read");
        }
    }

    static final class SecondX extends FirstX {
    }

    record Transport(String id, int priority, Set<String> schemes) implements TransportProvider {
        @Override
        public McpTransport connect(URI target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public dev.jmcp.core.spi.Serving serve(URI address, Consumer<McpTransport> onSession) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void duplicateIdsAreRejectedNamingBothClasses() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Providers.orderResourceProviders(List.of(new FirstX(), new SecondX())));
        assertEquals("resource provider id 'x' is provided by both " + FirstX.class.getName() + " and "
                + SecondX.class.getName(), e.getMessage());
    }

    @Test
    void aBuilderRejectsDuplicateIdsToo() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> McpServer.builder()
                .serverInfo("s", "1").resourceProvider(new FirstX()).resourceProvider(new SecondX()).build());
        assertTrue(e.getMessage().contains(FirstX.class.getName()) && e.getMessage().contains(SecondX.class.getName()),
                e.getMessage());
    }

    @Test
    void providersAreOrderedByPriorityThenId() {
        List<ResourceProvider> ordered = Providers.orderResourceProviders(List.of(
                new FirstX("b", 0), new FirstX("a", 0), new FirstX("z", -5), new FirstX("c", 3)));
        assertEquals(List.of("z", "a", "b", "c"), ordered.stream().map(ResourceProvider::id).toList());
    }

    @Test
    void aSchemeGoesToTheFirstTransportProviderThatServesIt() {
        List<TransportProvider> ordered = Providers.orderTransportProviders(List.of(
                new Transport("http-b", 1, Set.of("http")), new Transport("http-a", 0, Set.of("http", "https")),
                new Transport("stdio", 0, Set.of("stdio"))));
        assertEquals("http-a", Providers.forScheme("HTTP", ordered).id());
        assertEquals("stdio", Providers.forScheme("stdio", ordered).id());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Providers.forScheme("ws", ordered));
        assertTrue(e.getMessage().contains("'ws'"), e.getMessage());
        IllegalStateException duplicate = assertThrows(IllegalStateException.class,
                () -> Providers.orderTransportProviders(List.of(new Transport("t", 0, Set.of("a")),
                        new Transport("t", 1, Set.of("b")))));
        assertTrue(duplicate.getMessage().startsWith("transport provider id 't' is provided by both"));
    }

    @Test
    void discoveryRunsOnceAndIsCached() {
        assertSame(Providers.resourceProviderFactories(), Providers.resourceProviderFactories());
        assertSame(Providers.transportProviders(), Providers.transportProviders());
    }
}
