package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.badinput.ServeProcess;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder of skills through the real {@code jmcp serve --skills DIR --http 0} and back through
 * {@code jmcp skills}: listed, got, and written out byte for byte, every file verified on the way;
 * the folders that break a rule said on the server's standard error and answered clearly.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SkillsCliTest {
    @TempDir
    static Path dir;
    private static Path skills;
    private static ServeProcess server;
    private static URI url;

    @BeforeAll
    static void serve() throws Exception {
        skills = Files.createDirectories(dir.resolve("skills"));
        write("pdf-processing/SKILL.md", "---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n"
                + "license: Apache-2.0\nmetadata:\n  version: \"2.1\"\n---\n\n# PDF\n\nSee references/FORMS.md.\n");
        write("pdf-processing/references/FORMS.md", "# Forms\r\nwith CRLF and é\n");
        Files.createDirectories(skills.resolve("pdf-processing/assets"));
        Files.write(skills.resolve("pdf-processing/assets/logo.bin"), new byte[] {0, (byte) 0xff, 1, (byte) 0xfe, 2});
        write("bare/SKILL.md", "# no front matter\n");
        write("misnamed/SKILL.md", "---\nname: other\ndescription: d\n---\n");
        server = new ServeProcess(List.of("--skills", skills.toString(), "--http", "0"), line -> { });
        url = server.address();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void write(String path, String text) throws IOException {
        Path file = skills.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    @Test
    void theServerSaysWhichFoldersItDoesNotServeAndWhy() {
        String log = server.log();
        assertTrue(log.contains("jmcp: not serving the skill " + skills.resolve("bare")
                + ": SKILL.md does not begin with YAML front matter"), log);
        assertTrue(log.contains("jmcp: not serving the skill " + skills.resolve("misnamed")
                + ": its front matter names it 'other', which differs from its folder's name 'misnamed'"), log);
    }

    @Test
    void lsListsTheSkillsServed() throws IOException {
        long bytes = 0;
        for (String file : files(skills.resolve("pdf-processing"))) {
            bytes += Files.size(skills.resolve("pdf-processing").resolve(file));
        }

        Cli.Result ls = Cli.run(Cli.command(), List.of("skills", "ls", url.toString()));

        assertEquals(0, ls.exitCode(), ls.stderr());
        assertEquals(List.of("NAME            FILES  SIZE   DESCRIPTION",
                "pdf-processing  3      " + bytes + " B  Extract, fill, and assemble PDF documents"),
                ls.stdout().lines().toList());
    }

    @Test
    void getWritesTheSkillOutByteForByte() throws IOException {
        Path out = dir.resolve("out");

        Cli.Result get = Cli.run(Cli.command(), List.of("skills", "get", url.toString(), "pdf-processing", "-o",
                out.toString()));

        assertEquals(0, get.exitCode(), get.stderr());
        assertEquals(files(skills.resolve("pdf-processing")), files(out.resolve("pdf-processing")));
        for (String file : files(skills.resolve("pdf-processing"))) {
            assertArrayEquals(Files.readAllBytes(skills.resolve("pdf-processing").resolve(file)),
                    Files.readAllBytes(out.resolve("pdf-processing").resolve(file)), file);
        }
        assertTrue(get.stderr().contains("jmcp: wrote 3 files of skill://pdf-processing/SKILL.md into"), get.stderr());
    }

    @Test
    void getPrintsTheVerifiedSkillMd() throws IOException {
        Cli.Result get = Cli.run(Cli.command(), List.of("skills", "get", url.toString(),
                "skill://pdf-processing/SKILL.md"));

        assertEquals(0, get.exitCode(), get.stderr());
        assertEquals(Files.readString(skills.resolve("pdf-processing/SKILL.md")), get.stdout());
    }

    @Test
    void aRefusedSkillAndAClimbingUriAreAnsweredClearly() {
        Cli.Result refused = Cli.run(Cli.command(), List.of("skills", "get", url.toString(), "skill://bare/SKILL.md"));
        Cli.Result climbing = Cli.run(Cli.command(), List.of("skills", "get", url.toString(),
                "skill://pdf-processing/../bare/SKILL.md"));

        assertEquals(1, refused.exitCode());
        assertTrue(refused.stderr().contains("the skill at skill://bare/SKILL.md is not served: SKILL.md does not begin"
                + " with YAML front matter"), refused.stderr());
        assertEquals(1, climbing.exitCode());
        assertTrue(climbing.stderr().contains("params.uri has a '..' segment, which climbs out of its folder"),
                climbing.stderr());
    }

    @Test
    void aStdioServerOfSkillsWorksToo() {
        List<String> args = new ArrayList<>(List.of("skills", "ls", "--json", "--"));
        args.addAll(Cli.command());
        args.addAll(List.of("serve", "--skills", skills.toString()));

        Cli.Result ls = Cli.run(Cli.command(), args);

        assertEquals(0, ls.exitCode(), ls.stderr());
        assertTrue(ls.stdout().startsWith("{\"uri\":\"skill://pdf-processing/SKILL.md\",\"frontmatter\":{\"name\":"
                + "\"pdf-processing\",\"description\":\"Extract, fill, and assemble PDF documents\",\"license\":"
                + "\"Apache-2.0\",\"metadata\":{\"version\":\"2.1\"}},\"resources\":["), ls.stdout());
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }
}
