package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official MCP Inspector in {@code --cli} mode (Node 22; see {@code conformance/INSPECTOR.md})
 * lists and reads the resources of {@code jmcp serve}: over Streamable HTTP, over the HTTP+SSE
 * transport of 2024-11-05, and over stdio as the child process the Inspector starts itself. Its
 * HOME is a folder under {@code target/}, so it writes nothing elsewhere.
 */
@Timeout(600) // a backstop: each step has its own, shorter bound; the first test also installs the Node side
class InteropInspectorTest {
    /** A text file whose name is not ASCII: its URI is percent-encoded UTF-8 both ways. */
    private static final String NON_ASCII = "grüße naïve ✓ 日本.txt";

    @TempDir
    Path dir;

    @Test
    void theInspectorListsEveryPageAndReadsTextAndBinaryOverStreamableHttp() throws Exception {
        listsAndReadsOverHttp("http", "/mcp");
    }

    @Test
    void theInspectorListsEveryPageAndReadsTextAndBinaryOverTheLegacyHttpSseTransport() throws Exception {
        listsAndReadsOverHttp("sse", "/sse"); // jmcp serve --http offers both; /sse answers only GET
    }

    private void listsAndReadsOverHttp(String transport, String path) throws Exception {
        SampleFolder folder = SampleFolder.create(dir);
        try (Interop.Child server = Interop.serveHttp(folder.root())) {
            List<String> target = List.of("--transport", transport, "--server-url",
                    server.url().replaceFirst("/mcp$", path));
            assertListsEveryEntry(folder, result(inspect(target, server::tail, "--method", "resources/list")));

            JsonObject text = only(result(inspect(target, server::tail, "--method", "resources/read",
                    "--uri", folder.uri(SampleFolder.TEXT))));
            assertEquals(folder.uri(SampleFolder.TEXT), text.getString("uri"));
            assertEquals(folder.text(), text.getString("text"));

            assertReadsBinary(folder, target, server::tail);
        }
    }

    @Test
    void theInspectorInitializesListsAndReadsOverStdioAndShowsAReadOfAMissingFileAsAnError() throws Exception {
        SampleFolder folder = SampleFolder.create(dir);
        Files.writeString(folder.root().resolve(NON_ASCII), folder.text(), StandardCharsets.UTF_8);
        // The Inspector starts its server with a minimal environment (HOME, PATH, SHELL, TERM, USER,
        // LOGNAME): no locale, in which Java decodes file names as ASCII; jmcp serve relaunches
        // itself under C.UTF-8 so that NON_ASCII is listed under a URI that reads it.
        List<String> target = new ArrayList<>(List.of("--"));
        target.addAll(Interop.jmcp("serve", "--root", folder.root().toString(), "--page-size", "100"));
        Supplier<String> noServer = () -> "(the server's standard error is in the Inspector's output)";

        JsonObject initialized = result(inspect(target, noServer, "--method", "initialize"));
        assertEquals("jmcp", initialized.getJsonObject("serverInfo").getString("name"), initialized::toString);
        assertEquals(folder.root().toString(), initialized.getJsonObject("serverInfo").getString("title"));
        assertTrue(initialized.getJsonObject("capabilities").getJsonObject("resources").getBoolean("subscribe"),
                initialized::toString);

        assertListsEveryEntry(folder, result(inspect(target, noServer, "--method", "resources/list")));

        JsonObject templates = result(inspect(target, noServer, "--method", "resources/templates/list"));
        assertEquals(0, templates.getJsonArray("resourceTemplates").size(), () -> "file resources have no templates: "
                + templates);

        JsonObject text = only(result(inspect(target, noServer, "--method", "resources/read", "--uri",
                folder.uri(NON_ASCII))));
        assertEquals(folder.uri(NON_ASCII), text.getString("uri"));
        // the URI asked for and answered is the name's UTF-8, percent-encoded
        assertTrue(folder.uri(NON_ASCII).endsWith("gr%C3%BC%C3%9Fe%20na%C3%AFve%20%E2%9C%93%20%E6%97%A5%E6%9C%AC.txt"),
                folder::toString);
        assertEquals(folder.text(), text.getString("text"));

        assertReadsBinary(folder, target, noServer);

        // The Inspector's CLI shows a JSON-RPC error as {"code":"error","message":...}, exit 1: it keeps
        // the message and drops the code and data (-32602 with data.uri on the wire; ts-client checks those).
        Run missing = inspect(target, noServer, "--method", "resources/read", "--uri", folder.uri("missing.txt"));
        assertEquals(1, missing.exit(), missing::tail);
        assertEquals(Optional.empty(), missing.line("{\"result\""), missing::tail);
        assertEquals(Optional.of("{\"error\":{\"code\":\"error\",\"message\":\"Resource not found\"}}"),
                missing.line("{\"error\""), missing::tail);
    }

    private static void assertListsEveryEntry(SampleFolder folder, JsonObject list) throws IOException {
        Set<String> expected;
        try (Stream<Path> entries = Files.list(folder.root())) {
            expected = entries.map(p -> folder.uri(p.getFileName().toString()))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        List<String> listed = list.getJsonArray("resources").getValuesAs(JsonObject.class).stream()
                .map(r -> r.getString("uri")).toList();
        Set<String> missing = new TreeSet<>(expected);
        listed.forEach(missing::remove);
        List<String> unexpected = listed.stream().filter(uri -> !expected.contains(uri)).toList();
        assertEquals(List.of(), List.copyOf(missing), () -> "listed none of these; unexpected: " + unexpected);
        assertEquals(expected.size(), listed.size(), () -> "all pages, merged, without duplicates: " + listed);
    }

    private void assertReadsBinary(SampleFolder folder, List<String> target, Supplier<String> serverLog)
            throws IOException {
        JsonObject binary = only(result(inspect(target, serverLog, "--method", "resources/read",
                "--uri", folder.uri(SampleFolder.BINARY))));
        assertEquals(folder.uri(SampleFolder.BINARY), binary.getString("uri"));
        assertEquals(Base64.getEncoder().encodeToString(folder.binary()), binary.getString("blob"));
        assertArrayEquals(folder.binary(), Base64.getDecoder().decode(binary.getString("blob")));
    }

    /** What one run of the Inspector did: its exit code, and its output (the server's too, over stdio). */
    private record Run(int exit, String output, String tail) {
        /** @return the first line of the output that starts with {@code prefix} */
        Optional<String> line(String prefix) {
            return output.lines().filter(l -> l.startsWith(prefix)).findFirst();
        }
    }

    /**
     * Runs {@code inspector --cli --format json ARGS TARGET} to its end.
     *
     * @param target {@code --transport http|sse --server-url URL}, or {@code [-e KEY=VALUE...] -- COMMAND...}
     *               to start the server over stdio
     */
    private Run inspect(List<String> target, Supplier<String> serverLog, String... args) throws IOException {
        Path conformance = Interop.conformance();
        Path home = Files.createDirectories(Path.of("target", "interop", "inspector-home").toAbsolutePath());
        List<String> command = new ArrayList<>(List.of(Interop.node22(),
                conformance.resolve("node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js").toString(),
                "--cli", "--format", "json"));
        command.addAll(List.of(args));
        command.addAll(target);
        Map<String, String> env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.resolve(".config").toString(),
                "XDG_CACHE_HOME", home.resolve(".cache").toString(), "XDG_DATA_HOME", home.resolve(".local/share").toString());
        try (Interop.Child inspector = Interop.Child.start("inspector-" + args[1].replace('/', '-'), command, env)) {
            int exit = inspector.waitFor(Duration.ofSeconds(90));
            return new Run(exit, inspector.output(), inspector.tail() + "\n" + serverLog.get());
        }
    }

    /** @return the {@code result} of a run that must have succeeded */
    private static JsonObject result(Run run) {
        assertEquals(0, run.exit(), () -> "the inspector failed\n" + run.tail());
        String line = run.line("{\"result\"").orElseThrow(() -> new AssertionError("no {\"result\": ...} line\n"
                + run.tail()));
        try (JsonReader reader = Json.createReader(new StringReader(line))) {
            return reader.readObject().getJsonObject("result");
        }
    }

    private static JsonObject only(JsonObject readResult) {
        List<JsonObject> contents = readResult.getJsonArray("contents").getValuesAs(JsonObject.class);
        assertEquals(1, contents.size(), readResult::toString);
        return contents.get(0);
    }
}
