package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp serve --secret-file}: two processes that read the same key file accept each other's
 * cursors (what replicas behind round-robin need), and a bad key file is a usage error that never
 * shows the secret.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ServeSecretFileTest {
    private static final String META = "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    @TempDir
    Path dir;

    @Test
    void aCursorOfOneProcessIsAcceptedByAnotherWithTheSameKeyFile() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root")).toRealPath();
        for (String name : List.of("a", "b", "c")) {
            Files.writeString(root.resolve(name + ".txt"), name);
        }
        Path key = Files.writeString(dir.resolve("key"), "a secret that two replicas share, 32+ bytes\n");
        List<String> options = List.of("--page-size", "1", "--secret-file", key.toString());
        JsonObject first = ServeStatelessTest.exchange(root, options, list(1, "")).get(0).getJsonObject("result");
        String cursor = first.getString("nextCursor");
        JsonObject second = ServeStatelessTest.exchange(root, options, list(2, ",\"cursor\":\"" + cursor + "\"")).get(0);
        assertTrue(second.containsKey("result"), second::toString);
        assertTrue(second.getJsonObject("result").getJsonArray("resources").getJsonObject(0).getString("uri").endsWith("b.txt"),
                second::toString);
        JsonObject other = ServeStatelessTest.exchange(root, List.of("--page-size", "1"), list(3, ",\"cursor\":\"" + cursor + "\""))
                .get(0);
        assertEquals(-32602, other.getJsonObject("error").getInt("code"), other::toString);
    }

    @Test
    void aShortSecretIsAUsageErrorThatDoesNotShowIt() throws Exception {
        Path key = Files.writeString(dir.resolve("key"), "hunter2\n");
        Cli.Result result = Cli.run(Cli.command(), List.of("serve", "--root", dir.toString(), "--secret-file", key.toString()));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("MIN_SECRET_BYTES=32"), result::toString);
        assertFalse(result.stderr().contains("hunter2"), result::toString);
    }

    private static String list(int id, String members) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"resources/list\",\"params\":{\"_meta\":" + META
                + members + "}}";
    }
}
