package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official MCP Inspector in {@code --cli} mode (Node 22; see {@code conformance/INSPECTOR.md})
 * lists and reads the resources of {@code jmcp serve --http}. Its HOME is a folder under
 * {@code target/}, so it writes nothing elsewhere.
 */
@Timeout(600) // a backstop: each step has its own, shorter bound; the first test also installs the Node side
class InteropInspectorTest {
    @TempDir
    Path dir;

    @Test
    void theInspectorListsEveryPageAndReadsTextAndBinaryOverStreamableHttp() throws Exception {
        SampleFolder folder = SampleFolder.create(dir);
        try (Interop.Child server = Interop.serveHttp(folder.root())) {
            JsonObject list = inspect(server, "--method", "resources/list");
            Set<String> expected;
            try (Stream<Path> entries = Files.list(folder.root())) {
                expected = entries.map(p -> folder.uri(p.getFileName().toString()))
                        .collect(Collectors.toCollection(TreeSet::new));
            }
            List<String> listed = list.getJsonArray("resources").getValuesAs(JsonObject.class).stream()
                    .map(r -> r.getString("uri")).toList();
            assertEquals(SampleFolder.TOP_LEVEL_ENTRIES, listed.size(), () -> "all pages, merged\n" + list);
            assertEquals(expected, new TreeSet<>(listed), server::tail);

            JsonObject text = only(inspect(server, "--method", "resources/read", "--uri", folder.uri(SampleFolder.TEXT)));
            assertEquals(folder.uri(SampleFolder.TEXT), text.getString("uri"));
            assertEquals(folder.text(), text.getString("text"));

            JsonObject binary = only(inspect(server, "--method", "resources/read", "--uri", folder.uri(SampleFolder.BINARY)));
            assertEquals(folder.uri(SampleFolder.BINARY), binary.getString("uri"));
            assertArrayEquals(folder.binary(), Base64.getDecoder().decode(binary.getString("blob")));
        }
    }

    /** Runs {@code inspector --cli URL --format json ARGS} and returns its {@code result}. */
    private JsonObject inspect(Interop.Child server, String... args) throws IOException {
        Path conformance = Interop.conformance();
        Path home = Files.createDirectories(Path.of("target", "interop", "inspector-home").toAbsolutePath());
        List<String> command = new ArrayList<>(List.of(Interop.node22(),
                conformance.resolve("node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js").toString(),
                "--cli", server.url(), "--format", "json"));
        command.addAll(List.of(args));
        Map<String, String> env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.resolve(".config").toString(),
                "XDG_CACHE_HOME", home.resolve(".cache").toString(), "XDG_DATA_HOME", home.resolve(".local/share").toString());
        try (Interop.Child inspector = Interop.Child.start("inspector-" + args[1].replace('/', '-'), command, env)) {
            int exit = inspector.waitFor(Duration.ofSeconds(90));
            String context = inspector.tail() + "\n" + server.tail();
            assertEquals(0, exit, () -> "the inspector failed\n" + context);
            String line = inspector.output().lines().filter(l -> l.startsWith("{\"result\"")).findFirst()
                    .orElseThrow(() -> new AssertionError("no {\"result\": ...} line\n" + context));
            try (JsonReader reader = Json.createReader(new StringReader(line))) {
                return reader.readObject().getJsonObject("result");
            }
        }
    }

    private static JsonObject only(JsonObject readResult) {
        List<JsonObject> contents = readResult.getJsonArray("contents").getValuesAs(JsonObject.class);
        assertEquals(1, contents.size(), readResult::toString);
        return contents.get(0);
    }
}
