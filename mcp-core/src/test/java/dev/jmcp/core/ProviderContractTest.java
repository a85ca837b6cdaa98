package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The parts of the provider contract the engine checks, and the lifecycle it promises providers. */
class ProviderContractTest {

    /** Lists ten leaves; {@link #position} decides each one's position. */
    private static class Positions extends StaticProvider {
        Positions() {
            super("p", 0, "a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
        }

        String position(int index, Listing listing) {
            return ListingEntry.indexPosition(index);
        }

        @Override
        public Stream<ListingEntry> list(Listing listing) {
            List<ListingEntry> all = super.list(Listing.top(null, 100, Caller.none())).toList();
            return IntStream.range(0, all.size())
                    .mapToObj(i -> ListingEntry.of(all.get(i).resource(), position(i, listing)));
        }
    }

    @Test
    void aProviderThatIgnoresThePositionFailsTheNextPageNamingTheRule() throws Exception {
        Positions repeats = new Positions(); // every page starts again at the first entry
        try (Harness harness = new Harness(ResourceSettings.builder().pageSize(3).build(), repeats)) {
            McpClient client = harness.client();
            String next = client.resources().list().nextCursor();
            ProtocolException e = Harness.protocolError(() -> client.resources().list(next));
            assertEquals(ErrorCodes.INTERNAL_ERROR, e.code());
            assertTrue(e.getMessage().contains("resource provider 'p'"), e.getMessage());
            assertTrue(e.getMessage().contains("broke the rule 'positions advance'"), e.getMessage());
        }
    }

    @Test
    void positionsOutOfOrderWithinAPageFailTheListingInsteadOfCuttingItShort() throws Exception {
        Positions unsorted = new Positions() {
            @Override
            String position(int index, Listing listing) {
                return ListingEntry.indexPosition(index == 4 ? 1 : index); // the fifth sorts before the fourth
            }
        };
        try (Harness harness = new Harness(unsorted)) {
            ProtocolException e = Harness.protocolError(() -> harness.client().resources().listAll(10));
            assertEquals(ErrorCodes.INTERNAL_ERROR, e.code());
            assertTrue(e.getMessage().contains("positions advance") && e.getMessage().contains("p://e"), e.getMessage());
        }
    }

    @Test
    void positionsThatAdvanceArePagedToTheEnd() throws Exception {
        try (Harness harness = new Harness(ResourceSettings.builder().pageSize(3).build(), new StaticProvider("p", 0,
                "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"))) {
            assertEquals(10, harness.client().resources().listAll(10).size());
        }
    }

    @Test
    void anEmptyVersionFailsTheReadNamingTheRule() throws Exception {
        StaticProvider empty = new StaticProvider("v", 0, "x") {
            @Override
            public Optional<String> version(Resource resource) {
                return Optional.of("");
            }
        };
        try (Harness harness = new Harness(empty)) {
            ProtocolException e = Harness.protocolError(() -> harness.client().resources().read("v://x"));
            assertEquals(ErrorCodes.INTERNAL_ERROR, e.code());
            assertTrue(e.getMessage().contains("a version is never empty"), e.getMessage());
        }
    }

    @Test
    void anEmptyReadIsAProviderBugNamingTheRule() throws Exception {
        StaticProvider nothing = new StaticProvider("n", 0, "x") {
            @Override
            public List<ResourceContents> read(Resource resource, ReadContext context) {
                return List.of();
            }
        };
        try (Harness harness = new Harness(nothing)) {
            ProtocolException e = Harness.protocolError(() -> harness.client().resources().read("n://x"));
            assertEquals(ErrorCodes.INTERNAL_ERROR, e.code());
            assertTrue(e.getMessage().contains("a read is never empty"), e.getMessage());
        }
    }

    /** Counts its starts and closes. */
    private static class Counted extends StaticProvider {
        final AtomicInteger starts = new AtomicInteger();
        final AtomicInteger closes = new AtomicInteger();
        volatile ResourceChanges sink;

        Counted(String id) {
            super(id, 0, "x");
        }

        @Override
        public boolean reportsUpdates() {
            return true;
        }

        @Override
        public void start(ResourceChanges changes) {
            starts.incrementAndGet();
            sink = changes;
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    @Test
    void aProviderIsStartedOnceWhenTheServerIsBuiltAndClosedExactlyOnceWhenItCloses() throws Exception {
        Counted counted = new Counted("c");
        McpServer server = McpServer.builder().serverInfo("s", "1").resourceProvider(counted).build();
        assertEquals(1, counted.starts.get());
        assertEquals(0, counted.closes.get());
        server.close();
        server.close();
        assertEquals(1, counted.closes.get());
        counted.sink.updated("c://x"); // a sink used after the close is quiet, never a failure
    }

    @Test
    void aProviderThatRefusesToStartFailsTheBuildNamingItAndTheOthersAreClosedAgain() {
        Counted first = new Counted("a");
        Counted refuses = new Counted("b") {
            @Override
            public void start(ResourceChanges changes) {
                throw new IllegalArgumentException("the archive is not there");
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> McpServer.builder()
                .serverInfo("s", "1").resourceProvider(first).resourceProvider(refuses).build());
        assertTrue(e.getMessage().contains("resource provider 'b'") && e.getMessage().contains("the archive is not there"),
                e.getMessage());
        assertEquals(1, first.closes.get());
    }

    /** Records the callers it sees. */
    private static final class Recorded extends StaticProvider {
        final List<Caller> seen = new CopyOnWriteArrayList<>();

        Recorded() {
            super("who", 0, "x");
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            seen.add(caller);
            return super.describe(uri, caller);
        }
    }

    @Test
    void everyCallCarriesTheCallerOfItsRequestInEitherEra() throws Exception {
        Recorded provider = new Recorded();
        try (Harness harness = new Harness(provider)) {
            harness.client().resources().metadata("who://x");
            harness.sessionClient().resources().metadata("who://x");
        }
        assertEquals(2, provider.seen.size());
        Caller stateless = provider.seen.get(0);
        assertTrue(stateless.isStateless());
        assertEquals(Optional.of("2026-07-28"), stateless.protocolVersion());
        assertEquals("test-client", stateless.clientInfo().orElseThrow().name());
        assertTrue(stateless.principal().isEmpty(), "no authorization: no principal");
        Caller session = provider.seen.get(1);
        assertFalse(session.isStateless());
        assertTrue(session.protocolVersion().isPresent());
        assertEquals("test-client", session.clientInfo().orElseThrow().name());
    }
}
