package dev.jmcp.postgres;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.lifecycle.Implementation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;

/** A server over a test database (provider and change events, as PostgresResources installs them) and its clients. */
final class Served implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(20);

    final McpServer server;
    final PostgresChangeEvents events;
    private final List<AutoCloseable> open = new ArrayList<>();

    Served(DataSource database, int pageSize) {
        McpServer.Builder builder = PostgresResources.install(McpServer.builder().serverInfo("pg-test", "1")
                .resourceSettings(ResourceSettings.builder().pageSize(pageSize).build()), database, PostgresSettings.defaults());
        events = PostgresChangeEvents.create(database, PostgresSettings.defaults());
        server = builder.changeEvents(events).build();
        open.add(server);
    }

    /** @return a 2026-07-28 client */
    McpClient client() {
        return client(VersionNegotiation.auto());
    }

    /** @return a client of a 2025-11-25 session */
    McpClient sessionClient() {
        return client(VersionNegotiation.handshake());
    }

    private McpClient client(VersionNegotiation negotiation) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        McpClient client = McpClient.connect(pair.client(), ClientOptions.builder().clientInfo(Implementation.of("t", "1"))
                .callTimeout(WAIT).versionNegotiation(negotiation).build());
        open.add(0, client);
        return client;
    }

    /** Waits for the server's listening connection: a write before it would not be heard. */
    Served listening() throws InterruptedException {
        await("the server listens on its channel", events::isListening);
        return this;
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + WAIT.toSeconds() + " s for: " + what);
            }
            Thread.sleep(10); // a poll of the condition, with the deadline above
        }
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
    }
}
