package dev.jmcp.cli.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every row of {@link BadInputs} against the real {@code jmcp serve}, once over stdio and once over
 * Streamable HTTP on 127.0.0.1: one server process per transport for the whole table. Each row
 * must get its error (code, id, a message naming what was wrong, its data), and then the same
 * server, and over stdio the same session, must still read a file back exactly.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class BadInputMatrixTest {
    @TempDir
    static Path dir;
    private static Path root;
    private static Driver stdio;
    private static Driver http;
    private static final AtomicInteger PROBES = new AtomicInteger();

    @BeforeAll
    static void serve() throws Exception {
        root = dir.toRealPath(); // the provider names files by their real path
        Files.writeString(root.resolve(Clients.FILE), Clients.CONTENT);
        Files.createDirectories(root.resolve("sub"));
        Files.writeString(root.resolve("sub").resolve(Clients.FILE), "inside sub");
        stdio = new StdioDriver(root);
        http = new HttpDriver(root);
    }

    @AfterAll
    static void stop() {
        if (stdio != null) {
            stdio.close();
        }
        if (http != null) {
            http.close();
        }
    }

    @TestFactory
    Stream<DynamicNode> everyRowIsAnsweredAndTheServerGoesOn() {
        return Stream.of(transport("stdio", BadInput.Over.STDIO, () -> stdio),
                transport("http", BadInput.Over.HTTP, () -> http));
    }

    private static DynamicContainer transport(String name, BadInput.Over over, Supplier<Driver> driver) {
        return DynamicContainer.dynamicContainer(name, BadInputs.ROWS.stream().filter(row -> row.runsOver(over))
                .map(row -> DynamicTest.dynamicTest(row.name, () -> run(row, driver.get(), over))));
    }

    private static void run(BadInput row, Driver driver, BadInput.Over over) throws Exception {
        Answer answer = driver.send(row.era, Clients.fill(row.text.get(), root).getBytes(row.charset), row.http,
                row.code != null, null);
        String context = row.name + ": " + answer + "\n" + driver.log();
        if (over == BadInput.Over.HTTP) {
            assertEquals(row.status, answer.status(), () -> "HTTP status of " + context);
        }
        if (row.code == null) {
            assertNull(answer.message(), () -> "no answer for " + context);
        } else {
            assertError(row, answer.message(), context);
        }
        assertStillServes(row.era, driver, row.name);
    }

    private static void assertError(BadInput row, JsonObject message, String context) {
        assertNotNull(message, () -> "an answer for " + context);
        JsonObject error = message.getJsonObject("error");
        assertNotNull(error, () -> "an error for " + context);
        assertEquals(row.code.intValue(), error.getInt("code"), () -> "code of " + context);
        assertTrue(error.getString("message").contains(Clients.fill(row.fragment, root)),
                () -> "message naming '" + row.fragment + "' for " + context);
        JsonValue id = message.get("id");
        assertEquals(row.id, id == null || id == JsonValue.NULL ? null : id.toString(), () -> "id of " + context);
        for (Map.Entry<String, String> member : row.data.entrySet()) {
            JsonObject data = error.getJsonObject("data");
            JsonValue value = data == null ? null : data.get(member.getKey());
            assertTrue(value != null && value.toString().contains(member.getValue()),
                    () -> "data." + member.getKey() + " holding " + member.getValue() + " for " + context);
        }
    }

    /** The good request after a row: the served file, read back exactly, in the row's era. */
    private static void assertStillServes(BadInput.Era era, Driver driver, String after) throws Exception {
        String id = "probe-" + PROBES.incrementAndGet();
        Answer answer = driver.send(era, Clients.utf8(Clients.fill(Clients.probe(era, id), root)), r -> r, true,
                "\"" + id + "\"");
        String context = "the read after '" + after + "': " + answer + "\n" + driver.log();
        assertEquals(List.of(), answer.strays(), () -> "answers nothing waited for, before " + context);
        assertEquals(200, answer.status(), () -> "HTTP status of " + context);
        assertNotNull(answer.message(), context);
        assertEquals("\"" + id + "\"", String.valueOf(answer.message().get("id")), () -> "id of " + context);
        JsonObject result = answer.message().getJsonObject("result");
        assertNotNull(result, context);
        assertEquals(Clients.CONTENT, result.getJsonArray("contents").getJsonObject(0).getString("text"), context);
        assertTrue(driver.alive(), context);
    }
}
