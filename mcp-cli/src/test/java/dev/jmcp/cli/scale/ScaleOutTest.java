package dev.jmcp.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.Cli;
import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.postgres.PostgresSchema;
import dev.jmcp.postgres.PostgresSettings;
import dev.jmcp.schema.lifecycle.Implementation;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/scale-out.md as it runs: three real {@code jmcp serve --postgres --secret-file} replicas
 * behind a real nginx with the checked-in nginx.conf, over a real PostgreSQL. A 2026-07-28 client
 * pages with every page on another replica; listeners through nginx, whichever replica holds their
 * stream, and a 2025-11-25 session kept on its replica hear an UPDATE made in plain SQL; a replica
 * killed mid-listen leaves its client to listen again, through nginx, on another; PostgreSQL
 * restarted under the replicas leaves them to reconnect and tell their listeners that any list may
 * have changed, and to carry on.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ScaleOutTest {
    private static final String WATCHED = "pg://resources/watched.txt";
    /** Written once, by the timed UPDATE: the probes of {@link #awaitHeard} write WATCHED only. */
    private static final String TIMED = "pg://resources/timed.txt";
    private static final String FILTER = "{\"resourceSubscriptions\":[\"" + WATCHED + "\",\"" + TIMED + "\"]}";
    private static final Duration HEARD_WITHIN = Duration.ofSeconds(1);

    @TempDir
    static Path dir;
    private static EmbeddedPostgres postgres;
    /** PostgreSQL's data, kept so that it can be restarted over it on the same port. */
    private static Path data;
    private static DataSource database;
    private static final List<Replica> replicas = new ArrayList<>();
    private static Nginx nginx;
    private static StatelessHttp client;

    @BeforeAll
    static void start() throws Exception {
        Nginx.requireInstalled();
        data = Files.createDirectories(dir.resolve("pgdata"));
        postgres = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).start();
        database = postgres.getPostgresDatabase();
        PostgresSchema.create(database, PostgresSettings.defaults());
        sql("INSERT INTO jmcp_resources (parent, name, is_collection) VALUES ('', 'many', true);"
                + " INSERT INTO jmcp_resources (parent, name, text_body) SELECT 'many', 'n' || lpad(i::text, 5, '0'), 'row ' || i"
                + " FROM generate_series(1, 2500) AS i;"
                + " INSERT INTO jmcp_resources (parent, name, text_body) VALUES ('', 'watched.txt', 'v0'), ('', 'timed.txt', 'v0')");
        Path secret = Files.writeString(dir.resolve("secret"), "the secret the three replicas share, 32+ bytes\n");
        String url = postgres.getJdbcUrl("postgres", "postgres");
        for (int i = 1; i <= 3; i++) {
            replicas.add(Replica.start("r" + i, List.of("-Xmx128m"), List.of("--postgres", url, "--secret-file", secret.toString(),
                    "--page-size", "100")));
        }
        nginx = Nginx.start(Path.of("").toAbsolutePath().getParent(), Files.createDirectories(dir.resolve("nginx")),
                replicas.stream().map(Replica::address).toList());
        client = new StatelessHttp(nginx.endpoint());
    }

    @AfterAll
    static void stop() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
        for (Replica replica : replicas) {
            replica.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    @Order(0)
    void a100MbRowIsStreamedThroughNginxToAClientWhileEveryProcessHas128MbOfHeap() throws Exception {
        sql("INSERT INTO jmcp_resources (parent, name, mime_type, blob_body) VALUES ('', 'big.bin', 'application/octet-stream',"
                + " convert_to(repeat('0123456789abcdef', 6553600), 'UTF8'))");
        Path file = dir.resolve("big.bin");
        List<String> read = Cli.command("-Xmx128m");
        read.addAll(List.of("read", nginx.endpoint(), "pg://resources/big.bin", "-o", file.toString(),
                "--max-message-bytes", "200000000"));
        Process process = new ProcessBuilder(read).redirectErrorStream(true).redirectOutput(dir.resolve("read.out").toFile()).start();
        assertTrue(process.waitFor(240, TimeUnit.SECONDS), "jmcp read did not end");
        assertEquals(0, process.exitValue(), () -> uncheckedRead(dir.resolve("read.out")));
        assertEquals(104_857_600L, Files.size(file));
        try (java.io.InputStream in = Files.newInputStream(file)) {
            assertEquals("0123456789abcdef0123", new String(in.readNBytes(20), java.nio.charset.StandardCharsets.US_ASCII));
        }
        for (Replica replica : replicas) {
            assertTrue(replica.process.isAlive(), "replica " + replica.name + " is still up (no OutOfMemoryError)");
        }
        Files.delete(file);
    }

    private static String uncheckedRead(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    @Test
    @Order(1)
    void a2026ClientPagesThroughTheCollectionWithEveryPageOnAnotherReplica() throws Exception {
        List<String> names = new ArrayList<>();
        List<String> servedBy = new ArrayList<>();
        String cursor = null;
        do {
            StatelessHttp.Answer page = client.call("resources/list", null, "\"uri\":\"pg://resources/many\""
                    + (cursor == null ? "" : ",\"cursor\":\"" + cursor + "\""));
            page.result().getJsonArray("resources").getValuesAs(JsonObject.class).forEach(r -> names.add(r.getString("name")));
            servedBy.add(page.replica());
            cursor = page.result().containsKey("nextCursor") ? page.result().getString("nextCursor") : null;
        } while (cursor != null);
        assertEquals(IntStream.rangeClosed(1, 2500).mapToObj(i -> String.format("n%05d", i)).toList(), names);
        assertEquals(25, servedBy.size());
        for (int i = 1; i < servedBy.size(); i++) {
            assertNotEquals(servedBy.get(i - 1), servedBy.get(i), "pages " + i + " and " + (i + 1) + ": " + servedBy);
        }
        assertEquals(3, new HashSet<>(servedBy).size(), servedBy::toString);
    }

    @Test
    @Order(2)
    void listenersThroughNginxHearAnUpdateInPlainSqlWhicheverReplicaHoldsTheirStream() throws Exception {
        List<StatelessHttp.Listening> streams = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            streams.add(client.listen(FILTER));
        }
        assertEquals(3, streams.stream().map(StatelessHttp.Listening::replica).collect(Collectors.toSet()).size(),
                "round-robin put the three streams on three replicas");
        for (StatelessHttp.Listening stream : streams) {
            awaitHeard(stream);
        }
        sql("UPDATE jmcp_resources SET text_body = 'timed' WHERE name = 'timed.txt'");
        long updated = System.nanoTime();
        for (StatelessHttp.Listening stream : streams) {
            nextUpdate(stream, TIMED, updated + HEARD_WITHIN.toNanos());
        }
    }

    @Test
    @Order(3)
    void a2025SessionThroughNginxStaysOnItsReplicaAndHearsTheUpdate() throws Exception {
        try (McpClient session = McpClient.connect(URI.create(nginx.endpoint()), ClientOptions.builder()
                .clientInfo(Implementation.of("scale-session", "1")).callTimeout(Duration.ofSeconds(20))
                .versionNegotiation(VersionNegotiation.handshake()).build())) {
            assertEquals("2025-11-25", session.protocolVersion());
            List<String> updates = new CopyOnWriteArrayList<>();
            session.resources().subscribe(WATCHED, updates::add);
            // several requests of the session, each of which must reach the replica that holds it
            for (int i = 0; i < 6; i++) {
                assertEquals(WATCHED, session.resources().metadata(WATCHED).uri());
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            for (int i = 0; updates.isEmpty(); i++) {
                assertTrue(System.nanoTime() < deadline, "the session heard no update");
                sql("UPDATE jmcp_resources SET text_body = 'session " + i + "' WHERE name = 'watched.txt'");
                waitFor(() -> !updates.isEmpty(), 200);
            }
            assertEquals(WATCHED, updates.get(0));
        }
    }

    @Test
    @Order(4)
    void aReplicaKilledMidListenLeavesItsClientToListenAgainOnAnother() throws Exception {
        StatelessHttp.Listening stream = client.listen(FILTER);
        awaitHeard(stream);
        Replica holder = replicas.stream().filter(replica -> replica.address().equals(stream.replica())).findFirst().orElseThrow();
        holder.kill();
        stream.ended().get(20, TimeUnit.SECONDS); // the client sees its stream end
        StatelessHttp.Listening again = client.listen(FILTER);
        assertNotEquals(stream.replica(), again.replica(), "nginx sent the new stream to a live replica");
        awaitHeard(again);
        // and the other requests of the client carry on on the replicas left
        assertNull(client.call("resources/read", WATCHED, "\"uri\":\"" + WATCHED + "\"").message().get("error"));
    }

    @Test
    @Order(5)
    void postgresRestartedUnderTheReplicasLeavesTheirListenersToHearTheListMayHaveChangedAndLaterUpdates() throws Exception {
        List<String> live = replicas.stream().filter(replica -> replica.process.isAlive()).map(Replica::address).toList();
        String filter = "{\"resourcesListChanged\":true,\"resourceSubscriptions\":[\"" + WATCHED + "\"]}";
        List<StatelessHttp.Listening> streams = new ArrayList<>();
        for (int i = 0; i < 3 * live.size() && !streams.stream().map(StatelessHttp.Listening::replica).collect(Collectors.toSet())
                .containsAll(live); i++) {
            streams.add(client.listen(filter));
        }
        assertEquals(new HashSet<>(live), streams.stream().map(StatelessHttp.Listening::replica).collect(Collectors.toSet()),
                "nginx put a stream on each live replica");
        for (StatelessHttp.Listening stream : streams) {
            awaitHeard(stream);
        }
        int port = postgres.getPort();
        postgres.close(); // the data directory stays
        postgres = null;
        for (StatelessHttp.Listening stream : streams) {
            stream.messages().clear(); // what the probes caused, list changes among them, came before the stop
        }
        postgres = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).setPort(port).start();
        database = postgres.getPostgresDatabase();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // the back-off reaches 4 s, 8 s
        for (StatelessHttp.Listening stream : streams) {
            next(stream, "notifications/resources/list_changed", null, deadline);
        }
        sql("UPDATE jmcp_resources SET text_body = 'after the restart' WHERE name = 'watched.txt'");
        long updated = System.nanoTime();
        for (StatelessHttp.Listening stream : streams) {
            nextUpdate(stream, WATCHED, updated + Duration.ofSeconds(10).toNanos()); // listening again, once: no retry
        }
    }

    /** Updates the watched row until the stream hears it: proves the replica listens to PostgreSQL. */
    private static void awaitHeard(StatelessHttp.Listening stream) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        for (int i = 0; ; i++) {
            sql("UPDATE jmcp_resources SET text_body = 'probe " + i + "' WHERE name = 'watched.txt'");
            try {
                nextUpdate(stream, WATCHED, Math.min(deadline, System.nanoTime() + Duration.ofMillis(300).toNanos()));
                break;
            } catch (AssertionError notYet) {
                assertTrue(System.nanoTime() < deadline, "the stream on " + stream.replica() + " heard no update: " + notYet);
            }
        }
    }

    /** @return the next notifications/resources/updated of {@code uri} on the stream, skipping the rest */
    private static JsonObject nextUpdate(StatelessHttp.Listening stream, String uri, long deadlineNanos) throws InterruptedException {
        return next(stream, "notifications/resources/updated", uri, deadlineNanos);
    }

    /** @return the next notification {@code method} (of {@code uri}, unless null) on the stream, skipping the rest */
    private static JsonObject next(StatelessHttp.Listening stream, String method, String uri, long deadlineNanos)
            throws InterruptedException {
        while (true) {
            long left = deadlineNanos - System.nanoTime();
            JsonObject message = left <= 0 ? null : stream.messages().poll(left, TimeUnit.NANOSECONDS);
            if (message == null) {
                throw new AssertionError("no " + method + (uri == null ? "" : " of " + uri) + " in time on " + stream.replica());
            }
            if (method.equals(message.getString("method", null))
                    && (uri == null || uri.equals(message.getJsonObject("params").getString("uri")))) {
                return message;
            }
        }
    }

    private static void waitFor(BooleanSupplier condition, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10); // the poll's interval, with the deadline above: replicas have nothing to wait on
        }
    }

    private static void sql(String sql) throws Exception {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

}
