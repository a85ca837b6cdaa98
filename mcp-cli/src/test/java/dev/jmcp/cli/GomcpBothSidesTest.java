package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.badinput.ServeProcess;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jmcp's gomcp client against jmcp's gomcp server, both as the {@code jmcp} command: {@code jmcp ls|read
 * --dialect gomcp} reading {@code jmcp serve --dialect gomcp} over stdio and over HTTP (gomcp's
 * {@code /sse}). Each side is also tested against a gomcp-style peer written from the shapes
 * ({@code GomcpCliTest}, mcp-dialect-gomcp's tests); this proves the two halves agree.
 */
class GomcpBothSidesTest {

    /** Runs {@code jmcp ARGS --dialect gomcp -- jmcp serve --dialect gomcp --root ROOT}. */
    private static Cli.Result overStdio(Path root, String... args) {
        List<String> argv = new ArrayList<>(List.of(args));
        argv.addAll(List.of("--dialect", "gomcp", "--"));
        argv.addAll(Cli.command());
        argv.addAll(List.of("serve", "--dialect", "gomcp", "--root", root.toString()));
        return Cli.run(Cli.command(), argv);
    }

    /** A folder whose files are old enough to have a settled size@lastModified version. */
    private static Path folder(Path dir) throws Exception {
        Path notes = Files.createDirectories(dir.resolve("notes"));
        Files.writeString(dir.resolve("hello.txt"), "hello from jmcp", StandardCharsets.UTF_8);
        Files.writeString(notes.resolve("a.md"), "# a", StandardCharsets.UTF_8);
        FileTime past = FileTime.from(Instant.now().minusSeconds(60));
        Files.setLastModifiedTime(dir.resolve("hello.txt"), past);
        Files.setLastModifiedTime(notes.resolve("a.md"), past);
        return dir;
    }

    @Test
    void lsReadAndTreeOverStdio(@TempDir Path dir) throws Exception {
        Path root = folder(dir);
        String hello = root.resolve("hello.txt").toUri().toString();

        Cli.Result ls = overStdio(root, "ls");
        assertEquals(0, ls.exitCode(), ls::toString);
        assertTrue(ls.stdout().contains(hello) && ls.stdout().contains("notes"), ls::toString);

        Cli.Result read = overStdio(root, "read", hello);
        assertEquals(0, read.exitCode(), read::toString);
        assertEquals("hello from jmcp", read.stdout());

        Cli.Result tree = overStdio(root, "tree", root.resolve("notes").toUri().toString());
        assertEquals(0, tree.exitCode(), tree::toString);
        assertTrue(tree.stdout().contains("a.md"), tree::toString);
    }

    @Test
    void aReadWithTheCurrentVersionTransfersNoContentOverStdio(@TempDir Path dir) throws Exception {
        Path root = folder(dir);
        String hello = root.resolve("hello.txt").toUri().toString();
        Cli.Result meta = overStdio(root, "meta", "--json", hello);
        assertEquals(0, meta.exitCode(), meta::toString);
        String version = version(meta.stdout());

        Cli.Result unchanged = overStdio(root, "read", hello, "--if-changed", version);
        assertEquals(Exit.NOT_MODIFIED, unchanged.exitCode(), unchanged::toString);
        assertEquals("", unchanged.stdout());

        Cli.Result stale = overStdio(root, "read", hello, "--if-changed", "1@1");
        assertEquals(0, stale.exitCode(), stale::toString);
        assertEquals("hello from jmcp", stale.stdout());
    }

    @Test
    void lsAndReadOverHttp(@TempDir Path dir) throws Exception {
        Path root = folder(dir);
        String hello = root.resolve("hello.txt").toUri().toString();
        try (ServeProcess server = new ServeProcess(root, List.of("--dialect", "gomcp", "--http", "127.0.0.1:0"),
                line -> { })) {
            URI served = server.address();
            String sse = "http://" + served.getAuthority() + "/sse";

            Cli.Result ls = Cli.run(Cli.command(), List.of("ls", "--dialect", "gomcp", sse));
            assertEquals(0, ls.exitCode(), ls + server.log());
            assertTrue(ls.stdout().contains(hello), ls::toString);

            Cli.Result read = Cli.run(Cli.command(), List.of("read", "--dialect", "gomcp", sse, hello));
            assertEquals(0, read.exitCode(), read + server.log());
            assertEquals("hello from jmcp", read.stdout());
        }
    }

    /** @return the {@code dev.jmcp/version} of {@code jmcp meta --json}'s output */
    private static String version(String json) {
        String key = "\"dev.jmcp/version\":\"";
        int at = json.indexOf(key);
        assertTrue(at >= 0, "no version in " + json);
        return json.substring(at + key.length(), json.indexOf('"', at + key.length()));
    }
}
