package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code jmcp}, as a child process on the module path, against a real
 * {@code jmcp serve} child over stdio (see {@link Cli}).
 */
class CliEndToEndTest {
    @TempDir
    Path dir;

    private Path root() throws IOException {
        return dir.toRealPath(); // the provider names files by their real path
    }

    private String uri(Path file) {
        return file.toUri().toString().replaceFirst("/$", "");
    }

    @Test
    void lsAllListsEveryFileAcrossPagesAndLsAlonePrintsOnePage() throws IOException {
        Path root = root();
        for (int i = 0; i < 150; i++) {
            Files.writeString(root.resolve(String.format("file-%03d.txt", i)), "content " + i);
        }
        Cli.Result all = Cli.runAgainst(root, "ls", "--all");
        assertEquals(0, all.exitCode(), all::toString);
        List<String> lines = all.stdout().lines().toList();
        assertEquals(151, lines.size(), all::toString); // the header and 150 rows
        assertTrue(lines.get(0).startsWith("NAME"), lines.get(0));
        for (int i = 0; i < 150; i++) {
            String name = String.format("file-%03d.txt", i);
            assertTrue(lines.get(i + 1).startsWith(name + "  " + uri(root.resolve(name))), lines.get(i + 1));
        }
        assertTrue(lines.get(1).matches("file-000\\.txt +\\S+ +text/plain +9 +no"), lines.get(1));

        Cli.Result page = Cli.runAgainst(root, "ls");
        assertEquals(0, page.exitCode(), page::toString);
        assertEquals(101, page.stdout().lines().count(), page::toString);
        assertTrue(page.stderr().contains("--all lists them all"), page::toString);

        Cli.Result bounded = Cli.runAgainst(root, "ls", "--all", "--max-pages", "1");
        assertEquals(Exit.INCOMPLETE, bounded.exitCode(), bounded::toString);
        assertEquals(101, bounded.stdout().lines().count(), bounded::toString);
        assertTrue(bounded.stderr().contains("--max-pages=1"), bounded::toString);
    }

    @Test
    void lsOfACollectionListsItsChildrenAndJsonPrintsTheRawPage() throws IOException {
        Path sub = Files.createDirectories(root().resolve("sub"));
        Files.writeString(sub.resolve("inner.md"), "# inner");
        Cli.Result result = Cli.runAgainst(root(), "ls", uri(sub), "--json");
        assertEquals(0, result.exitCode(), result::toString);
        String json = result.stdout().strip();
        assertTrue(json.startsWith("{\"resources\":[{\"uri\":\"" + uri(sub.resolve("inner.md")) + "\""), json);
        assertTrue(json.contains("\"isCollection\":false"), json);
        assertEquals(1, result.stdout().lines().count(), json);
    }

    @Test
    void readPrintsTextAsUtf8() throws IOException {
        String text = "héllo, wörld ✓\nsecond line\n";
        Path file = Files.writeString(root().resolve("a.txt"), text);
        Cli.Result result = Cli.runAgainst(root(), "read", uri(file));
        assertEquals(0, result.exitCode(), result::toString);
        assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), result.stdoutBytes());
        assertEquals("", result.stderr());
    }

    @Test
    void readWritesABlobToAFileWithTheSameBytes() throws IOException {
        byte[] bytes = new byte[300_000];
        new Random(42).nextBytes(bytes);
        Path file = Files.write(root().resolve("data.bin"), bytes);
        Path out = dir.resolve("copy.bin");
        Cli.Result result = Cli.runAgainst(root(), "read", uri(file), "-o", out.toString());
        assertEquals(0, result.exitCode(), result::toString);
        assertArrayEquals(bytes, Files.readAllBytes(out));
        assertEquals("", result.stdout());
        try (var left = Files.list(dir)) {
            assertFalse(left.anyMatch(p -> p.getFileName().toString().endsWith(".jmcp-partial")));
        }
    }

    @Test
    void readWritesABlobToStdoutWhenItIsNotATerminal() throws IOException {
        byte[] bytes = new byte[5000];
        new Random(7).nextBytes(bytes);
        Path file = Files.write(root().resolve("data.bin"), bytes);
        Cli.Result result = Cli.runAgainst(root(), "read", uri(file));
        assertEquals(0, result.exitCode(), result::toString);
        assertArrayEquals(bytes, result.stdoutBytes());
    }

    @Test
    void readRefusesABlobOnATerminalWithAHint() throws IOException {
        Path file = Files.write(root().resolve("image.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2});
        List<String> argv = new java.util.ArrayList<>(List.of("read", uri(file), "--"));
        argv.addAll(Cli.server(root()));
        Cli.Result result = Cli.run(Cli.command("-Djmcp.stdout.tty=true"), argv);
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertEquals(0, result.stdoutBytes().length);
        assertEquals(1, result.stderrLines().size(), result::toString);
        assertTrue(result.stderr().contains("is binary (image/png, 7 B); write it to a file with -o FILE"),
                result::toString);
    }

    @Test
    void metaShowsTheMetadataAndJsonTheRawResult() throws IOException {
        Path file = Files.writeString(root().resolve("notes.md"), "# notes\n");
        Cli.Result result = Cli.runAgainst(root(), "meta", uri(file));
        assertEquals(0, result.exitCode(), result::toString);
        String out = result.stdout();
        assertTrue(out.contains("uri           " + uri(file) + "\n"), out);
        assertTrue(out.contains("name          notes.md\n"), out);
        assertTrue(out.contains("mimeType      text/markdown\n"), out);
        assertTrue(out.contains("size          8 (8 B)\n"), out);
        assertTrue(out.contains("isCollection  false\n"), out);
        assertTrue(out.contains("lastModified  "), out);

        Cli.Result json = Cli.runAgainst(root(), "meta", uri(file), "--json");
        assertTrue(json.stdout().startsWith("{\"resource\":{\"uri\":\"" + uri(file) + "\",\"name\":\"notes.md\""),
                json::toString);
    }

    @Test
    void treeStopsAtASymlinkCycleAndAtTheDepthBound() throws IOException {
        Path root = root();
        Path deep = Files.createDirectories(root.resolve("a/b/c"));
        Files.writeString(deep.resolve("leaf.txt"), "leaf");
        Files.writeString(root.resolve("top.txt"), "top");
        Files.createSymbolicLink(root.resolve("a/b/up"), root.resolve("a")); // back to an ancestor, inside the root
        Files.createSymbolicLink(root.resolve("a/loop"), Path.of(".."));       // back to the root itself

        Cli.Result result = Cli.runAgainst(root, "tree");
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(root + "\n"
                + "├── a/\n"
                + "│   ├── b/\n"
                + "│   │   ├── c/\n"
                + "│   │   │   └── leaf.txt\n"
                + "│   │   └── up/  (cycle: lists the same entries as " + uri(root.resolve("a")) + ")\n"
                + "│   └── loop/  (cycle: lists the same entries as " + root + ")\n"
                + "└── top.txt\n", result.stdout());

        Cli.Result shallow = Cli.runAgainst(root, "tree", uri(root.resolve("a")), "--max-depth", "1");
        assertEquals(0, shallow.exitCode(), shallow::toString);
        assertEquals(uri(root.resolve("a")) + "\n"
                + "├── b/  (not listed: --max-depth 1)\n"
                + "└── loop/  (not listed: --max-depth 1)\n", shallow.stdout());
    }

    @Test
    void anUnknownUriIsOneLineAndExitCodeOne() throws IOException {
        String missing = uri(root().resolve("missing.txt"));
        Cli.Result result = Cli.runAgainst(root(), "read", missing);
        assertEquals(Exit.PROTOCOL, result.exitCode(), result::toString);
        assertEquals(List.of("jmcp: resource not found: " + missing + " (-32602)"), result.stderrLines());
        assertEquals("", result.stdout());

        Cli.Result meta = Cli.runAgainst(root(), "meta", missing);
        assertEquals(Exit.PROTOCOL, meta.exitCode(), meta::toString);
        assertEquals(List.of("jmcp: resource not found: " + missing + " (-32602)"), meta.stderrLines());
    }

    @Test
    void aUriOutsideTheRootIsRefusedInOneLine() throws IOException {
        Cli.Result result = Cli.runAgainst(root(), "read", "file:///etc/passwd");
        assertEquals(Exit.PROTOCOL, result.exitCode(), result::toString);
        assertEquals(1, result.stderrLines().size(), result::toString);
        assertTrue(result.stderr().startsWith("jmcp: ") && result.stderr().contains("(-32602)"), result::toString);
        assertFalse(result.stderr().contains("Exception"), result::toString);
    }

    @Test
    void debugSaysWhichRevisionWasChosenAndWhy() throws IOException {
        Cli.Result result = Cli.runAgainst(root(), "ls", "--debug");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.stderrLines().stream().anyMatch(line -> line.startsWith(
                "jmcp: protocol revision 2026-07-28: server/discover offered [2026-07-28, 2025-11-25")), result::toString);
    }

    @Test
    void aServerThatExitsAtOnceIsACleanConnectError() {
        Cli.Result result = Cli.run(Cli.command(), List.of("ls", "--", "sh", "-c", "exit 0"));
        assertEquals(Exit.CONNECT, result.exitCode(), result::toString);
        assertEquals(List.of("jmcp: cannot connect to sh -c exit 0: the server closed the connection before it"
                + " answered server/discover or initialize"), result.stderrLines());

        Cli.Result failing = Cli.run(Cli.command(), List.of("ls", "--", "sh", "-c", "exit 7"));
        assertEquals(Exit.CONNECT, failing.exitCode(), failing::toString);
        assertTrue(failing.stderr().startsWith("jmcp: cannot connect to sh -c exit 7: "), failing::toString);

        Cli.Result missing = Cli.run(Cli.command(), List.of("tree", "--", "/nonexistent/jmcp-server"));
        assertEquals(Exit.CONNECT, missing.exitCode(), missing::toString);
        assertEquals(1, missing.stderrLines().size(), missing::toString);
        assertTrue(missing.stderr().contains("Cannot run program \"/nonexistent/jmcp-server\""), missing::toString);
    }

    @Test
    void anUnreachableHttpServerIsOneLineAndExitCodeThree() {
        Cli.Result result = Cli.run(Cli.command(), List.of("ls", "http://127.0.0.1:9/mcp"));
        assertEquals(Exit.CONNECT, result.exitCode(), result::toString);
        assertEquals(1, result.stderrLines().size(), result::toString);
    }

    @Test
    void aFolderServedOverHttpIsListedAndReadThroughItsUrl() throws Exception {
        Path root = root();
        Path file = Files.writeString(root.resolve("over-http.txt"), "served over Streamable HTTP\n");
        int port;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        List<String> serve = new java.util.ArrayList<>(Cli.command());
        serve.addAll(List.of("serve", "--root", root.toString(), "--page-size", "100", "--http", "127.0.0.1:" + port));
        Process server = new ProcessBuilder(serve).redirectErrorStream(true).start();
        try {
            BufferedReader log = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String line = CompletableFuture.supplyAsync(() -> {
                try {
                    for (String next; (next = log.readLine()) != null; ) {
                        if (next.contains("http://127.0.0.1:" + port)) {
                            return next;
                        }
                    }
                    return null;
                } catch (IOException e) {
                    return null;
                }
            }).get(30, TimeUnit.SECONDS);
            assertTrue(line != null, "the server said where it listens");
            String url = "http://127.0.0.1:" + port + "/mcp";

            Cli.Result listed = Cli.run(Cli.command(), List.of("ls", url));
            assertEquals(0, listed.exitCode(), listed::toString);
            assertTrue(listed.stdout().contains("over-http.txt"), listed::toString);

            Cli.Result read = Cli.run(Cli.command(), List.of("read", url, uri(file)));
            assertEquals(0, read.exitCode(), read::toString);
            assertEquals("served over Streamable HTTP\n", read.stdout());
        } finally {
            server.destroy();
            assertTrue(server.waitFor(10, TimeUnit.SECONDS), "the HTTP server ends on SIGTERM");
        }
    }

    @Test
    void usageErrorsExitWithTwo() {
        Cli.Result noServer = Cli.run(Cli.command(), List.of("ls"));
        assertEquals(Exit.USAGE, noServer.exitCode(), noServer::toString);
        assertTrue(noServer.stderr().startsWith("jmcp: jmcp ls needs a server"), noServer::toString);

        Cli.Result unknown = Cli.run(Cli.command(), List.of("frobnicate"));
        assertEquals(Exit.USAGE, unknown.exitCode(), unknown::toString);

        Cli.Result help = Cli.run(Cli.command(), List.of("tree", "--help"));
        assertEquals(0, help.exitCode(), help::toString);
        assertTrue(help.stdout().startsWith("usage: jmcp tree"), help::toString);
    }

    @Test
    void watchPrintsAnUpdateAndItsServerEndsWithIt() throws Exception {
        Path file = Files.writeString(root().resolve("watched.txt"), "v1\n");
        Process watch = Cli.startAgainst(root(), "watch", uri(file));
        try {
            BufferedReader err = new BufferedReader(new InputStreamReader(watch.getErrorStream(), StandardCharsets.UTF_8));
            BufferedReader out = new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8));
            String ready = CompletableFuture.supplyAsync(() -> readLine(err)).get(60, TimeUnit.SECONDS);
            assertEquals("jmcp: watching " + uri(file) + " (Ctrl-C to stop)", ready);
            List<ProcessHandle> server = watch.descendants().toList();
            assertNotEquals(List.of(), server);

            CompletableFuture<String> update = CompletableFuture.supplyAsync(() -> readLine(out));
            Files.writeString(file, "v2\n");
            String line = update.get(30, TimeUnit.SECONDS);
            assertTrue(line.startsWith("changed " + uri(file) + ": lastModified ") || line.equals("updated " + uri(file)),
                    line); // the same size: only the time shows

            watch.destroy(); // SIGTERM: the shutdown hook unsubscribes and closes the client
            assertTrue(watch.waitFor(20, TimeUnit.SECONDS), "watch did not end on SIGTERM");
            for (ProcessHandle child : server) {
                // onExit() completes with the handle itself, so only its time-out can fail this check
                assertDoesNotThrow(() -> child.onExit().get(20, TimeUnit.SECONDS), "the server outlived watch");
            }
        } finally {
            watch.descendants().forEach(ProcessHandle::destroyForcibly);
            watch.destroyForcibly();
        }
    }

    private static String readLine(BufferedReader reader) {
        try {
            return reader.readLine();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
