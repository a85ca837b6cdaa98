package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.schema.resources.Resource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code subscribe} and {@code onListChanged} of a client that speaks 2026-07-28: one
 * {@code subscriptions/listen} whose filter follows the listeners, replaced without a notification
 * delivered twice.
 */
class ListenSubscriptionsTest {
    private InMemoryResourceProvider memory;
    private Harness harness;
    private McpClient client;
    private final List<String> updates = new CopyOnWriteArrayList<>();
    private final AtomicInteger listChanges = new AtomicInteger();

    @BeforeEach
    void start() {
        memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.of("mem://note", "note"), "v1")
                .addText(Resource.of("mem://other", "other"), "v1");
        harness = new Harness(memory);
        client = harness.client();
        assertTrue(client.negotiation().isStateless(), client.negotiation()::toString);
        client.resources().onListChanged(listChanges::incrementAndGet);
    }

    @AfterEach
    void stop() throws Exception {
        harness.close();
    }

    /** Adds a resource and waits for its list_changed: whatever the server sent before has arrived. */
    private void barrier() throws InterruptedException {
        int before = listChanges.get();
        memory.addText(Resource.of("mem://barrier-" + before + "-" + System.nanoTime(), "barrier"), "x");
        Harness.await("list_changed", () -> listChanges.get() > before);
    }

    @Test
    void anUpdateOfASubscribedResourceArrivesOnceThroughTheListen() throws Exception {
        client.resources().subscribe("mem://note", updates::add);
        client.resources().subscribe("mem://other", updates::add); // replaces the listen with a wider one
        memory.update("mem://note", "v2");
        memory.update("mem://other", "v2");
        Harness.await("both updates", () -> updates.size() >= 2);
        barrier();
        assertEquals(List.of("mem://note", "mem://other"), updates, "each once");
    }

    @Test
    void closingTheSubscriptionNarrowsTheListen() throws Exception {
        Subscription note = client.resources().subscribe("mem://note", updates::add);
        client.resources().subscribe("mem://other", updates::add);
        note.close();
        memory.update("mem://note", "v2");
        memory.update("mem://other", "v2");
        Harness.await("the other update", () -> updates.contains("mem://other"));
        barrier();
        assertEquals(List.of("mem://other"), updates);
    }
}
