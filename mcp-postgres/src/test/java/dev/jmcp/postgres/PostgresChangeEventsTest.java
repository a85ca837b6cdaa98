package dev.jmcp.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.spi.ChangeEvent;
import dev.jmcp.postgres.internal.Payloads;
import dev.jmcp.schema.resources.Resource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change events between replicas: any provider's changes reach the other replica through
 * NOTIFY; after PostgreSQL restarts, the listeners reconnect and hear that the lists may have changed.
 */
class PostgresChangeEventsTest {

    @Test
    void anInMemoryProvidersChangeReachesTheOtherReplicaThroughPostgres() throws Exception {
        DataSource database = Databases.database();
        PostgresSettings settings = PostgresSettings.defaults();
        InMemoryResourceProvider first = notes();
        PostgresChangeEvents firstEvents = PostgresChangeEvents.create(database, settings);
        PostgresChangeEvents secondEvents = PostgresChangeEvents.create(database, settings);
        try (McpServer one = McpServer.builder().serverInfo("one", "1").resourceProvider(first).changeEvents(firstEvents).build();
             McpServer two = McpServer.builder().serverInfo("two", "1").resourceProvider(notes()).changeEvents(secondEvents).build()) {
            Served.await("both listen", () -> firstEvents.isListening() && secondEvents.isListening());
            McpClient client = Clients.session(two);
            List<String> updates = new CopyOnWriteArrayList<>();
            client.resources().subscribe("mem://note", updates::add);
            List<String> here = new CopyOnWriteArrayList<>();
            McpClient local = Clients.session(one);
            local.resources().subscribe("mem://note", here::add);
            first.update("mem://note", "v2");
            Served.await("the other replica's subscriber hears it", () -> updates.equals(List.of("mem://note")));
            Served.await("this replica's subscriber hears it once", () -> here.size() == 1);
            client.close();
            local.close();
        }
    }

    @Test
    void aPayloadKeepsWithinPostgresLimitAndReadsBack() {
        ChangeEvent event = new ChangeEvent("files", ChangeEvent.Kind.UPDATED, "file:///srv/a%20b.txt");
        assertEquals(event, Payloads.read(Payloads.write("o1", event)).orElseThrow().event());
        String huge = "file:///" + "x".repeat(9000);
        Payloads.Received degraded = Payloads.read(Payloads.write("o1", ChangeEvent.updated(huge))).orElseThrow();
        assertEquals(ChangeEvent.anyListChanged(), degraded.event(), "too long for NOTIFY: any listing may have changed");
        assertTrue(Payloads.write("o1", ChangeEvent.updated(huge)).length() < Payloads.MAX_BYTES);
    }

    @Test
    void afterPostgresRestartsTheListenersReconnectAndHearTheListsMayHaveChanged(@TempDir Path dir) throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        EmbeddedPostgres first = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).start();
        int port = first.getPort();
        DataSource database = first.getPostgresDatabase();
        PostgresSchema.create(database, PostgresSettings.defaults());
        Databases.execute(database, "INSERT INTO jmcp_resources (parent, name, text_body) VALUES ('', 'a.txt', 'v1')");
        PostgresSettings settings = PostgresSettings.builder().minReconnectDelay(java.time.Duration.ofMillis(100))
                .maxReconnectDelay(java.time.Duration.ofSeconds(1)).build();
        EmbeddedPostgres second = null;
        PostgresChangeEvents events = PostgresChangeEvents.create(database, settings);
        try (McpServer server = PostgresResources.install(McpServer.builder().serverInfo("t", "1"), database, settings)
                .changeEvents(events).build()) {
            Served.await("listening", events::isListening);
            McpClient session = Clients.session(server);
            AtomicInteger listChanges = new AtomicInteger();
            session.resources().onListChanged(listChanges::incrementAndGet);
            first.close(); // stops PostgreSQL; the data directory stays
            Served.await("the listener notices", () -> !events.isListening());
            second = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).setPort(port).start();
            Served.await("the listener is back", events::isListening);
            Served.await("list_changed after the reconnect", () -> listChanges.get() >= 1);
            List<String> updates = new CopyOnWriteArrayList<>();
            session.resources().subscribe("pg://resources/a.txt", updates::add);
            Databases.execute(second.getPostgresDatabase(), "UPDATE jmcp_resources SET text_body = 'v2'");
            Served.await("updates heard again", () -> updates.contains("pg://resources/a.txt"));
            session.close();
        } finally {
            if (second != null) {
                second.close();
            }
        }
    }

    private static InMemoryResourceProvider notes() {
        return InMemoryResourceProvider.create("notes").addText(Resource.of("mem://note", "note"), "v1");
    }
}
