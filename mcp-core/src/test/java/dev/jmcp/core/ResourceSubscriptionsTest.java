package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Resource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ResourceSubscriptionsTest {
    private InMemoryResourceProvider memory;
    private Harness harness;
    private McpClient alice;
    private McpClient bob;
    private final List<String> aliceUpdates = new CopyOnWriteArrayList<>();
    private final List<String> bobUpdates = new CopyOnWriteArrayList<>();
    private final AtomicInteger aliceListChanges = new AtomicInteger();
    private final AtomicInteger bobListChanges = new AtomicInteger();

    @BeforeEach
    void start() {
        memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.of("mem://note", "note"), "v1")
                .addText(Resource.of("mem://other", "other"), "v1")
                .addCollection(Resource.of("mem://dir", "dir"))
                .addText("mem://dir", Resource.of("mem://dir/a", "a"), "v1");
        harness = new Harness(memory);
        alice = harness.sessionClient();
        bob = harness.sessionClient();
        alice.resources().onListChanged(aliceListChanges::incrementAndGet);
        bob.resources().onListChanged(bobListChanges::incrementAndGet);
    }

    @AfterEach
    void stop() throws Exception {
        harness.close();
    }

    /**
     * Adds a top-level resource, which sends list_changed to every session, and waits until both
     * clients have it: notifications reach a client in the order they were sent, so whatever was
     * sent before has arrived by then.
     */
    private void barrier() throws InterruptedException {
        int a = aliceListChanges.get();
        int b = bobListChanges.get();
        memory.addText(Resource.of("mem://barrier-" + a + "-" + b + "-" + System.nanoTime(), "barrier"), "x");
        Harness.await("list_changed at both clients", () -> aliceListChanges.get() > a && bobListChanges.get() > b);
    }

    @Test
    void updateGoesOnlyToTheSubscribedSession() throws Exception {
        alice.resources().subscribe("mem://note", aliceUpdates::add);
        memory.update("mem://note", "v2");
        Harness.await("alice's update", () -> aliceUpdates.equals(List.of("mem://note")));
        barrier();
        assertTrue(bobUpdates.isEmpty(), bobUpdates.toString());
        assertEquals(List.of("mem://note"), aliceUpdates);
    }

    @Test
    void updateOfAChildNotifiesSubscribersOfItsCollection() throws Exception {
        bob.resources().subscribe("mem://dir", bobUpdates::add);
        memory.update("mem://dir/a", "v2");
        Harness.await("bob's update", () -> bobUpdates.contains("mem://dir/a"));
        barrier();
        assertEquals(List.of("mem://dir/a"), bobUpdates);
        assertTrue(aliceUpdates.isEmpty());
    }

    @Test
    void listChangedGoesToEverySession() throws Exception {
        barrier(); // waits for both
        assertTrue(aliceListChanges.get() >= 1 && bobListChanges.get() >= 1);
    }

    @Test
    void unsubscribeStopsNotifications() throws Exception {
        Subscription subscription = alice.resources().subscribe("mem://note", aliceUpdates::add);
        memory.update("mem://note", "v2");
        Harness.await("first update", () -> aliceUpdates.size() == 1);
        subscription.close();
        subscription.close(); // idempotent
        assertEquals(0, harness.feature().subscriptionCount());
        memory.update("mem://note", "v3");
        barrier();
        assertEquals(List.of("mem://note"), aliceUpdates);
    }

    @Test
    void subscribingToAMissingUriIsInvalidParams() {
        ResourceNotFoundException e = assertThrows(ResourceNotFoundException.class,
                () -> alice.resources().subscribe("mem://nothing", aliceUpdates::add));
        assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
        assertEquals(0, harness.feature().subscriptionCount());
        assertEquals(0, ((dev.jmcp.core.internal.resources.ClientResourcesImpl) alice.resources()).subscribedUris());
    }

    @Test
    void subscribingWhereTheServerCannotIsAClearError() throws Exception {
        try (Harness still = new Harness(new StaticProvider("still", 0, "x"))) {
            McpClient client = still.sessionClient();
            McpException e = assertThrows(McpException.class, () -> client.resources().subscribe("still://x", uri -> { }));
            assertTrue(e.getMessage().contains("does not offer resources.subscribe"), e.getMessage());
        }
    }

    /** Owns every {@code many://} URI, so that each subscription can have a URI of its own. */
    private static final class Many extends StaticProvider {
        Many() {
            super("many", 0);
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            return Optional.of(Resource.of(uri, "n"));
        }

        @Override
        public boolean reportsUpdates() {
            return true;
        }
    }

    @Test
    void subscribingPastMaxSubscriptionsPerSessionIsRefusedAndNotAdded() throws Exception {
        try (Harness limited = new Harness(ResourceSettings.builder().maxSubscriptionsPerSession(2).build(),
                new Many())) {
            McpClient client = limited.sessionClient();
            client.resources().subscribe("many://1", uri -> { });
            client.resources().subscribe("many://2", uri -> { });
            client.resources().subscribe("many://2", uri -> { }); // held already: not one more

            ProtocolException refused = Harness.protocolError(() -> client.resources().subscribe("many://3", uri -> { }));

            assertEquals(ErrorCodes.INVALID_PARAMS, refused.code());
            assertTrue(refused.getMessage().contains("maxSubscriptionsPerSession=2"), refused.getMessage());
            assertEquals(2, limited.feature().subscriptionCount());
            McpClient other = limited.sessionClient(); // the limit is per session
            other.resources().subscribe("many://3", uri -> { });
            assertEquals(3, limited.feature().subscriptionCount());
        }
    }

    @Test
    void tenThousandSubscriptionsOpenedAndClosedLeaveNothingBehind() throws Exception {
        try (Harness many = new Harness(new Many())) {
            McpClient client = many.sessionClient();
            for (int i = 0; i < 10_000; i++) {
                Subscription subscription = client.resources().subscribe("many://" + (i % 2_500), uri -> { });
                subscription.close();
            }
            assertEquals(0, many.feature().subscriptionCount());
            assertEquals(0, many.feature().subscriptionFootprint());
            assertEquals(0, ((dev.jmcp.core.internal.resources.ClientResourcesImpl) client.resources()).subscribedUris());

            // and a session that closes with subscriptions open leaves nothing behind either
            McpClient leaving = many.sessionClient();
            for (int i = 0; i < 100; i++) {
                leaving.resources().subscribe("many://" + i, uri -> { });
            }
            assertEquals(100, many.feature().subscriptionCount());
            assertEquals(2, many.feature().sessionCount());
            leaving.close();
            Harness.await("the closed session's subscriptions to go", () -> many.feature().subscriptionFootprint() == 0
                    && many.feature().sessionCount() == 1);
            assertEquals(1, many.server.sessions().size());
        }
    }
}
