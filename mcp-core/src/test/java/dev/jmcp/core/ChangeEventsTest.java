package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.spi.ChangeEvent;
import dev.jmcp.core.spi.ChangeEvents;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Change events that cross servers: two servers over the same resources whose {@link ChangeEvents}
 * share one bus, as replicas share PostgreSQL's NOTIFY; a change seen by one reaches the
 * subscribers of the other, and an event from no provider (a trigger's) is routed by its URI.
 */
class ChangeEventsTest {
    /** A bus between the servers of one test: what one publishes, every one is delivered. */
    static final class Bus {
        final List<Consumer<ChangeEvent>> members = new CopyOnWriteArrayList<>();
        final AtomicBoolean closed = new AtomicBoolean();

        ChangeEvents member() {
            return new ChangeEvents() {
                @Override
                public void start(Consumer<ChangeEvent> deliver) {
                    members.add(deliver);
                }

                @Override
                public void publish(ChangeEvent event) {
                    members.forEach(member -> member.accept(event));
                }

                @Override
                public void close() {
                    closed.set(true);
                }
            };
        }

        void fromOutside(ChangeEvent event) {
            members.forEach(member -> member.accept(event));
        }
    }

    private final Bus bus = new Bus();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
    }

    private InMemoryResourceProvider notes() {
        return InMemoryResourceProvider.create("notes").addText(Resource.of("mem://note", "note"), "v1");
    }

    private McpServer replica(InMemoryResourceProvider provider, ChangeEvents events) {
        McpServer server = McpServer.builder().serverInfo("replica", "1").resourceProvider(provider).changeEvents(events)
                .build();
        open.add(server);
        return server;
    }

    private McpClient session(McpServer server) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        McpClient client = McpClient.connect(pair.client(), ClientOptions.builder()
                .clientInfo(Implementation.of("test-client", "1.0")).callTimeout(Harness.WAIT)
                .versionNegotiation(VersionNegotiation.handshake()).build());
        open.add(0, client);
        return client;
    }

    @Test
    void aChangeSeenByOneReplicaReachesTheSubscribersOfAnother() throws Exception {
        InMemoryResourceProvider seen = notes();
        replica(seen, bus.member());
        McpServer other = replica(notes(), bus.member());
        McpClient client = session(other);
        List<String> updates = new CopyOnWriteArrayList<>();
        AtomicInteger listChanges = new AtomicInteger();
        client.resources().onListChanged(listChanges::incrementAndGet);
        client.resources().subscribe("mem://note", updates::add);
        seen.update("mem://note", "v2");
        Harness.await("the other replica's subscriber hears the update", () -> updates.equals(List.of("mem://note")));
        seen.addText(Resource.of("mem://new", "new"), "x");
        Harness.await("the other replica's session hears list_changed", () -> listChanges.get() == 1);
    }

    @Test
    void anEventOfNoProviderIsRoutedByItsUriAndAnyListChangedReachesEverySession() throws Exception {
        McpServer server = replica(notes(), bus.member());
        McpClient client = session(server);
        List<String> updates = new CopyOnWriteArrayList<>();
        AtomicInteger listChanges = new AtomicInteger();
        client.resources().onListChanged(listChanges::incrementAndGet);
        client.resources().subscribe("mem://note", updates::add);
        bus.fromOutside(ChangeEvent.updated("mem://note"));
        bus.fromOutside(ChangeEvent.anyListChanged());
        Harness.await("the update and the list change", () -> updates.equals(List.of("mem://note")) && listChanges.get() == 1);
    }

    @Test
    void theServerClosesItsChangeEvents() {
        replica(notes(), bus.member()).close();
        assertTrue(bus.closed.get());
    }

    @Test
    void theDefaultStaysInProcessAndDeliversOnce() throws Exception {
        InMemoryResourceProvider provider = notes();
        McpServer server = replica(provider, ChangeEvents.inProcess());
        McpClient client = session(server);
        List<String> updates = new CopyOnWriteArrayList<>();
        client.resources().subscribe("mem://note", updates::add);
        provider.update("mem://note", "v2");
        provider.update("mem://note", "v3");
        Harness.await("two updates", () -> updates.size() >= 2);
        assertEquals(List.of("mem://note", "mem://note"), updates);
    }
}
