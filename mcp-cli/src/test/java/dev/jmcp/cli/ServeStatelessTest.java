package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code jmcp serve} (module path, as {@code ./jmcp} runs it) as a 2026-07-28 client meets
 * it over stdio: raw request lines in, raw response lines out. The stateless era as a whole is tested
 * in mcp-transport-stdio; this is what the command adds: its caching option, and that the program
 * a dual-era client launches answers the probe and then the handshake.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServeStatelessTest {
    private static final String META = "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    @TempDir
    Path dir;

    @Test
    void cacheTtlIsTheTtlOfTheFoldersStatelessResultsAndTheyStayPrivate() throws Exception {
        Path root = dir.toRealPath();
        Files.writeString(root.resolve("a.txt"), "alpha");
        String file = root.resolve("a.txt").toUri().toString();
        List<JsonObject> answers = exchange(root, List.of("--cache-ttl", "30000"),
                request(1, "resources/list", META, ""),
                request(2, "resources/read", META, ",\"uri\":\"" + file + "\""));
        for (JsonObject answer : answers) {
            JsonObject result = answer.getJsonObject("result");
            assertNotNull(result, answer::toString);
            assertEquals(30_000, result.getJsonNumber("ttlMs").longValueExact(), answer::toString);
            assertEquals("private", result.getString("cacheScope"), answer::toString);
        }
    }

    @Test
    void withoutCacheTtlTheFoldersResultsAreImmediatelyStale() throws Exception {
        JsonObject result = exchange(dir.toRealPath(), List.of(), request(1, "resources/list", META, "")).get(0)
                .getJsonObject("result");
        assertEquals(0, result.getJsonNumber("ttlMs").longValueExact(), result::toString);
        assertEquals("private", result.getString("cacheScope"), result::toString);
    }

    @Test
    void aNegativeCacheTtlIsAUsageErrorNamingTheOption() {
        List<String> serve = new ArrayList<>(List.of("serve", "--root", dir.toString(), "--cache-ttl", "-1"));
        Cli.Result result = Cli.run(Cli.command(), serve);
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("--cache-ttl must be a whole number from 0"), result::toString);
        assertEquals(0, result.stdoutBytes().length, result::toString);
    }

    @Test
    void theDiscoverProbeIsAnsweredAndThenInitializeIsToo() throws Exception {
        List<JsonObject> answers = exchange(dir.toRealPath(), List.of(),
                request(1, "server/discover", META, ""),
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"probe\",\"version\":\"1\"}}}");
        JsonObject discovered = answers.get(0).getJsonObject("result");
        assertEquals("2026-07-28", discovered.getJsonArray("supportedVersions").getString(0), answers::toString);
        assertEquals("jmcp", discovered.getJsonObject("_meta").getJsonObject("io.modelcontextprotocol/serverInfo")
                .getString("name"));
        JsonObject initialized = answers.get(1).getJsonObject("result");
        assertEquals("2025-11-25", initialized.getString("protocolVersion"), answers::toString);
    }

    private static String request(int id, String method, String meta, String members) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{\"_meta\":" + meta
                + members + "}}";
    }

    /**
     * Starts {@code jmcp serve --root ROOT OPTIONS}, writes each request line and reads one line
     * back for each, then ends its input and waits for it to exit with 0 (killing it if it does not).
     */
    static List<JsonObject> exchange(Path root, List<String> options, String... requests) throws Exception {
        List<String> command = Cli.command();
        command.addAll(List.of("serve", "--root", root.toString()));
        command.addAll(options);
        Process process = new ProcessBuilder(command).start();
        CompletableFuture<byte[]> stderr = Cli.drain(process.getErrorStream());
        // a blocked readLine does not wake for a timeout; ending the process ends the read
        CompletableFuture<Void> watchdog = CompletableFuture.runAsync(process::destroyForcibly,
                CompletableFuture.delayedExecutor(30, TimeUnit.SECONDS));
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            OutputStream in = process.getOutputStream();
            List<JsonObject> answers = new ArrayList<>();
            for (String request : requests) {
                in.write((request + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
                String line = out.readLine();
                assertNotNull(line, () -> "jmcp serve ended its output: " + new String(stderr.join(),
                        StandardCharsets.UTF_8));
                answers.add(Json.createReader(new StringReader(line)).readObject());
            }
            in.close();
            assertTrue(process.waitFor(10, TimeUnit.SECONDS), "jmcp serve did not exit when its input ended");
            assertEquals(0, process.exitValue(), () -> new String(stderr.join(), StandardCharsets.UTF_8));
            return answers;
        } finally {
            watchdog.cancel(false);
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
