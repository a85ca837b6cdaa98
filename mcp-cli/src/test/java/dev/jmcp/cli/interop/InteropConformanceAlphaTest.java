package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official conformance suite's 2026-07-28 scenarios (the 0.2.0 alpha pinned in
 * {@code conformance/}) against {@code jmcp serve --http} over a sample folder: a resources-only
 * server, statelessly. Every check that concerns resources or the transport must pass; the few
 * that need a tool or a prompt (which a folder server rightly lacks) are named below with why, and
 * must fail for that reason only.
 */
@Timeout(600)
class InteropConformanceAlphaTest {
    private static final List<String> SCENARIOS = List.of("resources-list", "sep-2164-resource-not-found", "caching",
            "server-stateless", "dns-rebinding-protection");
    /** Checks that need tools or prompts, which {@code jmcp serve} does not serve: they answer -32601. */
    private static final Map<String, String> NEED_TOOLS_OR_PROMPTS = Map.of(
            "sep-2549-tools-list-caching-hints", "tools/list is -32601: no tools",
            "sep-2549-prompts-list-caching-hints", "prompts/list is -32601: no prompts",
            "sep-2575-server-rejects-undeclared-capability", "needs the diagnostic tool test_missing_capability",
            "sep-2575-missing-capability-http-400", "needs the diagnostic tool test_missing_capability",
            "sep-2575-http-server-no-independent-requests-on-stream", "needs the diagnostic tool test_streaming_elicitation",
            "sep-2575-server-no-log-without-loglevel", "needs the diagnostic tool test_logging_tool");

    @TempDir
    Path dir;

    @Test
    void theStatelessScenariosPassEveryResourceAndTransportCheckAgainstJmcpServe() throws Exception {
        SampleFolder folder = SampleFolder.create(dir);
        Path results = Files.createDirectories(Path.of("target", "interop", "conformance-alpha").toAbsolutePath());
        List<String> problems = new ArrayList<>();
        int checks = 0;
        try (Interop.Child server = Interop.serveHttp(folder.root())) {
            for (String scenario : SCENARIOS) {
                Path out = Files.createDirectories(results.resolve(scenario));
                clear(out);
                run(server, scenario, out);
                List<JsonObject> found = checks(out, scenario, server);
                assertTrue(found.size() >= 2, () -> scenario + " ran fewer than two checks: " + found);
                checks += found.size();
                for (JsonObject check : found) {
                    String id = check.getString("id");
                    String status = check.getString("status");
                    boolean failed = status.equals("FAILURE");
                    if (failed && !NEED_TOOLS_OR_PROMPTS.containsKey(id)) {
                        problems.add(scenario + ": " + id + " failed: " + check.getString("errorMessage", ""));
                    } else if (!failed && NEED_TOOLS_OR_PROMPTS.containsKey(id)) {
                        problems.add(scenario + ": " + id + " is " + status + ", but it was expected to fail ("
                                + NEED_TOOLS_OR_PROMPTS.get(id) + "): update the list");
                    }
                }
            }
            if (!problems.isEmpty()) {
                fail(String.join("\n", problems) + "\n" + server.tail());
            }
        }
        assertTrue(checks >= 45, "the five scenarios ran " + checks + " checks; at least 45 were expected");
    }

    private static void run(Interop.Child server, String scenario, Path out) {
        Path conformance = Interop.conformance();
        List<String> command = List.of(Interop.node22(),
                conformance.resolve("node_modules/@modelcontextprotocol/conformance-alpha/dist/index.js").toString(),
                "server", "--url", server.url(), "--scenario", scenario, "--spec-version", "2026-07-28",
                "-o", out.toString());
        try (Interop.Child suite = Interop.Child.start("conformance-alpha-" + scenario, command, Map.of())) {
            int exit = suite.waitFor(Duration.ofSeconds(120));
            // the exit code says whether any check failed; which ones is read from checks.json
            assertTrue(exit == 0 || exit == 1, () -> "the suite could not run " + scenario + " (exit " + exit + ")\n"
                    + suite.tail());
        }
    }

    /** @return the checks the suite wrote for {@code scenario} under {@code out} */
    private static List<JsonObject> checks(Path out, String scenario, Interop.Child server) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(out)) {
            files = walk.filter(p -> p.getFileName().toString().equals("checks.json")).toList();
        }
        assertEquals(1, files.size(), () -> scenario + " wrote " + files.size() + " checks.json files under " + out
                + "\n" + server.tail());
        try (InputStream in = Files.newInputStream(files.get(0)); JsonReader reader = Json.createReader(in)) {
            return reader.readArray().getValuesAs(JsonObject.class);
        }
    }

    private static void clear(Path out) throws IOException {
        try (Stream<Path> walk = Files.walk(out)) {
            for (Path path : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (!path.equals(out)) {
                    Files.delete(path);
                }
            }
        }
    }
}
