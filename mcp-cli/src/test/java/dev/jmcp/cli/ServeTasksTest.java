package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.badinput.ServeProcess;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp serve --tasks} as a 2026-07-28 client that declares the tasks extension meets it: a
 * read of a 9 MiB file (more than {@code ResourceSettings.readAsTaskAboveBytes}, 8 MiB) is answered
 * with a task, and {@code tasks/get} polled until it completes gives the file's bytes, over stdio and
 * over HTTP; without {@code --tasks} the same request is answered with the contents; a bound of the
 * tasks given with {@code --set} without {@code --tasks} is refused.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServeTasksTest {
    private static final String TASKS_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}";
    private static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    /** A 9 MiB file of bytes that are not UTF-8 text, so it is served as a blob. */
    private Path largeFile() throws Exception {
        byte[] bytes = new byte[9 * MIB];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i % 251);
        }
        return Files.write(dir.toRealPath().resolve("large.bin"), bytes);
    }

    private static String request(int id, String method, String members) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{" + TASKS_META
                + "," + members + "}}";
    }

    private static String read(int id, Path file) {
        return request(id, "resources/read", "\"uri\":\"" + file.toUri() + "\"");
    }

    @Test
    void withTasksALargeReadIsATaskWhoseResultIsTheFile() throws Exception {
        Path file = largeFile();
        try (StdioServer server = new StdioServer(dir.toRealPath(), "--tasks")) {
            JsonObject created = result(server.call(read(1, file)));
            assertEquals("task", created.getString("resultType"), () -> summary(created));
            assertTrue(created.getJsonNumber("ttlMs").longValueExact() > 0, () -> summary(created));
            String id = created.getString("taskId");
            JsonObject done = awaitCompleted(id, created, get -> server.call(get));
            assertContentsAre(file, done.getJsonObject("result"));
        }
    }

    @Test
    void withoutTasksTheSameReadIsAnsweredInTheRequest() throws Exception {
        Path file = largeFile();
        try (StdioServer server = new StdioServer(dir.toRealPath())) {
            JsonObject answered = result(server.call(read(1, file)));
            assertFalse(answered.containsKey("taskId"), "no task without --tasks");
            assertFalse("task".equals(answered.getString("resultType", "complete")), answered.getString("resultType", ""));
            assertContentsAre(file, answered);
        }
    }

    @Test
    void overHttpALargeReadIsATaskPolledOnOtherRequests() throws Exception {
        Path file = largeFile();
        try (ServeProcess serve = new ServeProcess(dir.toRealPath(), List.of("--tasks", "--http", "127.0.0.1:0"),
                line -> { })) {
            URI address = serve.address();
            HttpClient http = HttpClient.newHttpClient();
            JsonObject created = result(post(http, address, "resources/read", file.toUri().toString(), read(1, file)));
            assertEquals("task", created.getString("resultType"), () -> summary(created) + serve.log());
            String id = created.getString("taskId");
            JsonObject done = awaitCompleted(id, created, get -> post(http, address, "tasks/get", id, get));
            assertContentsAre(file, done.getJsonObject("result"));
        }
    }

    @Test
    void aBoundOfTheTasksWithoutTasksIsAUsageErrorNamingIt() {
        Cli.Result result = Cli.run(Cli.command(), List.of("serve", "--root", dir.toString(), "--set", "maxTasks=5"));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("--set maxTasks") && result.stderr().contains("only --tasks turns on"),
                result::toString);
    }

    @Test
    void aBoundOfTheTasksTheyRefuseIsAUsageErrorNamingTheSetting() {
        Cli.Result result = Cli.run(Cli.command(), List.of("serve", "--root", dir.toString(), "--tasks",
                "--set", "maxTasks=0"));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("maxTasks=0"), result::toString);
    }

    private interface Caller {
        JsonObject call(String request) throws Exception;
    }

    /**
     * Polls {@code tasks/get} as a client does, at the interval the task suggests (at most 100 ms),
     * until the task completes or 60 s have passed.
     */
    private static JsonObject awaitCompleted(String id, JsonObject created, Caller caller) throws Exception {
        long interval = Math.min(100, created.getJsonNumber("pollIntervalMs").longValueExact());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int poll = 2; ; poll++) {
            JsonObject task = result(caller.call(request(poll, "tasks/get", "\"taskId\":\"" + id + "\"")));
            String status = task.getString("status");
            if ("completed".equals(status)) {
                return task;
            }
            assertEquals("working", status, () -> summary(task));
            assertTrue(System.nanoTime() < deadline, () -> "task " + id + " not completed within 60 s: "
                    + summary(task));
            Thread.sleep(interval); // the poll interval the server suggests: a task offers nothing to wait on
        }
    }

    /** @return {@code answer} without its contents: a failure message, not 12 MB of base64 */
    private static String summary(JsonObject answer) {
        return Json.createObjectBuilder(answer).remove("contents").remove("result").build() + " (members "
                + answer.keySet() + ")";
    }

    private static JsonObject result(JsonObject response) {
        assertNotNull(response.getJsonObject("result"), response::toString);
        return response.getJsonObject("result");
    }

    private static void assertContentsAre(Path file, JsonObject result) throws Exception {
        JsonObject contents = result.getJsonArray("contents").getJsonObject(0);
        assertEquals(file.toUri().toString(), contents.getString("uri"));
        byte[] served = contents.containsKey("blob") ? Base64.getDecoder().decode(contents.getString("blob"))
                : contents.getString("text").getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(Files.readAllBytes(file), served, "the file, byte for byte");
    }

    /** Posts one stateless request; its answer is JSON or a one-event SSE stream, whose last data line is the answer. */
    private static JsonObject post(HttpClient http, URI address, String method, String name, String body)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + address.getPort()
                        + address.getPath())).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method).header("Mcp-Name", name)
                .timeout(java.time.Duration.ofSeconds(60)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response::body);
        String text = response.body();
        if (response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
            String data = null;
            for (String line : text.split("\n")) {
                if (line.startsWith("data:")) {
                    data = line.substring(5).strip();
                }
            }
            assertNotNull(data, text);
            text = data;
        }
        return Json.createReader(new StringReader(text)).readObject();
    }

    /** {@code jmcp serve --root ROOT OPTIONS} over stdio: one request line written, one answer line read. */
    private static final class StdioServer implements AutoCloseable {
        private final Process process;
        private final CompletableFuture<byte[]> stderr;
        private final CompletableFuture<Void> watchdog;
        private final BufferedReader out;
        private final OutputStream in;

        StdioServer(Path root, String... options) throws Exception {
            List<String> command = new ArrayList<>(Cli.command());
            command.addAll(List.of("serve", "--root", root.toString()));
            command.addAll(List.of(options));
            process = new ProcessBuilder(command).start();
            stderr = Cli.drain(process.getErrorStream());
            // a blocked readLine does not wake for a timeout; ending the process ends the read
            watchdog = CompletableFuture.runAsync(process::destroyForcibly,
                    CompletableFuture.delayedExecutor(90, TimeUnit.SECONDS));
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            in = process.getOutputStream();
        }

        JsonObject call(String request) throws Exception {
            in.write((request + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            String line = out.readLine();
            assertNotNull(line, () -> "jmcp serve ended its output: " + new String(stderr.join(), StandardCharsets.UTF_8));
            return Json.createReader(new StringReader(line)).readObject();
        }

        @Override
        public void close() throws Exception {
            try {
                in.close();
                assertTrue(process.waitFor(10, TimeUnit.SECONDS), "jmcp serve did not exit when its input ended");
                assertEquals(0, process.exitValue(), () -> new String(stderr.join(), StandardCharsets.UTF_8));
            } finally {
                watchdog.cancel(false);
                out.close();
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }
}
