package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pinned conformance alpha's SEP-2640 skills scenarios ({@code sep-2640-skills-directory},
 * {@code -enumeration}, {@code -manifest}) against the real {@code jmcp serve --skills DIR --http}, at
 * both eras' revisions ({@code --spec-version V --force}: an extension is not on the spec's
 * timeline). No check may fail; the only warnings allowed are the manifest's two about SKILL.md's
 * name and description in {@code resources/list} (jmcp lists a skill's directory at the top level,
 * not its SKILL.md: SEP-2093's tree); and the checks that passed reach the counts below.
 */
@Timeout(600)
class InteropSkillsScenariosTest {
    private static final List<String> SCENARIOS = List.of("sep-2640-skills-directory", "sep-2640-skills-enumeration",
            "sep-2640-skills-manifest");
    private static final Set<String> ALLOWED_WARNINGS = Set.of("sep-2640-skillmd-metadata-name",
            "sep-2640-skillmd-metadata-description");
    /** Checks passed at each revision; 2025-11-25 skips the two cache-attribute checks (2026-07-28 only). */
    private static final Map<String, Integer> PASSED = Map.of("2026-07-28", 43, "2025-11-25", 41);

    @TempDir
    Path dir;

    @Test
    void theSkillsScenariosPassAgainstJmcpServeSkillsAt2026_07_28() throws Exception {
        verify("2026-07-28");
    }

    @Test
    void theSkillsScenariosPassAgainstJmcpServeSkillsAt2025_11_25() throws Exception {
        verify("2025-11-25");
    }

    private void verify(String version) throws Exception {
        Path skills = Files.createDirectories(dir.resolve("skills"));
        write(skills, "pdf-processing/SKILL.md", "---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF"
                + " documents\nlicense: Apache-2.0\nmetadata:\n  version: \"2.1\"\n---\n\n# PDF processing\n\n"
                + "Fill forms with references/FORMS.md.\n");
        write(skills, "pdf-processing/references/FORMS.md", "# Forms\n");
        write(skills, "git-workflow/SKILL.md", "---\nname: git-workflow\ndescription: Branch and commit as this team"
                + " does\n---\n\n# Git\n");
        // the directory scenario reads the first skill listed and looks for a subdirectory in it
        write(skills, "git-workflow/examples/commit.md", "fix: say why\n");
        Path results = Files.createDirectories(Path.of("target", "interop", "skills-" + version).toAbsolutePath());
        int port = Interop.freePort();
        List<String> problems = new ArrayList<>();
        int passed = 0;
        try (Interop.Child server = Interop.Child.start("jmcp-serve-skills", Interop.jmcp("serve", "--skills",
                skills.toString(), "--http", "127.0.0.1:" + port), Map.of())) {
            server.awaitOutput(Pattern.compile("http://127\\.0\\.0\\.1:" + port + "/mcp"), Duration.ofSeconds(60));
            for (String scenario : SCENARIOS) {
                Path out = results.resolve(scenario);
                delete(out);
                Files.createDirectories(out);
                run(server.url(), scenario, version, out);
                List<JsonObject> checks = checks(out, scenario);
                assertTrue(checks.size() >= 5, () -> scenario + " ran fewer than five checks: " + checks);
                for (JsonObject check : checks) {
                    String id = check.getString("id");
                    String status = check.getString("status");
                    if (status.equals("SUCCESS")) {
                        passed++;
                    } else if (status.equals("FAILURE") || (status.equals("WARNING") && !ALLOWED_WARNINGS.contains(id))) {
                        problems.add(scenario + ": " + id + " is " + status + ": " + check.getString("errorMessage", ""));
                    }
                }
            }
            assertEquals(List.of(), problems, server.tail());
        }
        assertEquals(PASSED.get(version), passed, "checks passed at " + version);
    }

    private static void run(String url, String scenario, String version, Path out) {
        List<String> command = List.of(Interop.node22(), Interop.conformance()
                .resolve("node_modules/@modelcontextprotocol/conformance-alpha/dist/index.js").toString(),
                "server", "--url", url, "--scenario", scenario, "--spec-version", version, "--force", "-o", out.toString());
        try (Interop.Child suite = Interop.Child.start("conformance-" + scenario, command, Map.of())) {
            int exit = suite.waitFor(Duration.ofSeconds(120));
            assertTrue(exit == 0 || exit == 1, () -> "the suite could not run " + scenario + " (exit " + exit + ")\n"
                    + suite.tail());
        }
    }

    private static List<JsonObject> checks(Path out, String scenario) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(out)) {
            files = walk.filter(p -> p.getFileName().toString().equals("checks.json")).toList();
        }
        assertEquals(1, files.size(), () -> scenario + " wrote " + files.size() + " checks.json files under " + out);
        try (InputStream in = Files.newInputStream(files.get(0)); JsonReader reader = Json.createReader(in)) {
            return reader.readArray().getValuesAs(JsonObject.class);
        }
    }

    private static void write(Path root, String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private static void delete(Path root) throws IOException {
        if (Files.exists(root)) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }
}
