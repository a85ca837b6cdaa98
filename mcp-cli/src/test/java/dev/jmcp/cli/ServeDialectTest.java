package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import dev.jmcp.dialect.gomcp.testing.SseWire;
import dev.jmcp.dialect.gomcp.testing.StdioWire;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp serve --dialect}: the gomcp-style client of the dialect's tests against the real CLI,
 * over stdio and over HTTP+SSE, and an id nobody provides.
 */
class ServeDialectTest {
    private static final String INITIALIZE = "{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"gomcp\",\"version\":\"0\"}}";

    @TempDir
    Path root;

    @Test
    void serveDialectGomcpAnswersAGomcpClientOverStdio() throws Exception {
        Path file = Files.writeString(root.resolve("hello.txt"), "Hello from jmcp");
        Process server = new ProcessBuilder(serve("--dialect", "gomcp")).start();
        try (GomcpPeer peer = GomcpPeer.on(new StdioWire(server))) {
            JsonObject initialized = peer.result("initialize", INITIALIZE);
            assertEquals("2025-03-26", initialized.getString("protocolVersion"));
            String instructions = initialized.getString("instructions");
            assertTrue(instructions.contains("list one with resources/list and params.filter.parent set to its uri"),
                    "the instructions say how to list in gomcp's terms: " + instructions);
            peer.notify("initialized", null);
            readsAndLists(peer, file);
        }
        assertTrue(server.waitFor(30, TimeUnit.SECONDS), "jmcp serve ends when its client closes its input");
        assertEquals(0, server.exitValue());
    }

    @Test
    void serveDialectGomcpOverHttpPrintsTheSseUrlThatAGomcpClientOpens() throws Exception {
        Path file = Files.writeString(root.resolve("hello.txt"), "Hello from jmcp");
        Process server = new ProcessBuilder(serve("--dialect", "gomcp", "--http", "127.0.0.1:0"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            URI sse = servingAddress(server);
            assertEquals("/sse", sse.getPath(), "a gomcp client needs the HTTP+SSE stream's URL: " + sse);
            try (GomcpPeer peer = GomcpPeer.initialized(new SseWire(sse))) {
                readsAndLists(peer, file);
            }
        } finally {
            server.destroy(); // Ctrl-C's SIGTERM: the shutdown hook closes the server
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "jmcp serve --http ends on SIGTERM");
        }
    }

    @Test
    void anUnknownDialectIsAUsageErrorNamingTheKnownOnes() {
        Cli.Result result = Cli.run(Cli.command(), List.of("serve", "--root", root.toString(), "--dialect", "nope"));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("--dialect nope: no resource dialect has the id 'nope'; known: [gomcp]"),
                result::toString);
        Cli.Result help = Cli.run(Cli.command(), List.of("serve", "--help"));
        assertTrue(help.stdout().contains("--dialect ID"), help::toString);
    }

    @Test
    void aDialectOverHttpWithoutTheSsePathsIsAUsageError() {
        Cli.Result result = Cli.run(Cli.command(), List.of("serve", "--root", root.toString(), "--dialect", "gomcp",
                "--http", "127.0.0.1:0", "--set", "legacyPaths="));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("--set legacyPaths= leaves none"), result::toString);
    }

    /** A gomcp get of {@code file}, and a listing of the root's children through gomcp's filter. */
    private void readsAndLists(GomcpPeer peer, Path file) throws Exception {
        JsonObject got = peer.result("resources/get", "{\"uri\":\"" + file.toUri() + "\"}");
        assertEquals("Hello from jmcp", got.getJsonObject("contents").getString("content"));
        assertEquals("text/plain", got.getJsonObject("contents").getString("contentType"));
        JsonObject listed = peer.result("resources/list", "{\"filter\":{\"kind\":\"file\"}}");
        assertEquals("file", listed.getJsonArray("resources").getJsonObject(0).getString("kind"));
    }

    private List<String> serve(String... options) {
        List<String> command = Cli.command();
        command.addAll(List.of("serve", "--root", root.toString()));
        command.addAll(List.of(options));
        return command;
    }

    /** @return the URL of the line "jmcp: serving DIR at URL (...)" that jmcp serve --http writes on stderr */
    private static URI servingAddress(Process server) throws Exception {
        BufferedReader err = new BufferedReader(new InputStreamReader(server.getErrorStream(), StandardCharsets.UTF_8));
        StringBuilder said = new StringBuilder();
        String line;
        do { // jmcp serve ends, and readLine returns null, if it cannot serve
            line = err.readLine();
            said.append(line).append('\n');
        } while (line != null && !line.startsWith("jmcp: serving "));
        assertTrue(line != null, "jmcp serve --http said: " + said);
        CompletableFuture.runAsync(() -> err.lines().forEach(more -> { })); // a full pipe would stop it
        String after = line.substring(line.indexOf(" at ") + 4);
        return URI.create(after.substring(0, after.indexOf(' ')));
    }
}
