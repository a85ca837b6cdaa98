package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmcp ls|read|meta|tree|watch --dialect gomcp} against the gomcp-style server, as child processes. */
class GomcpCliTest {

    /** Runs {@code jmcp ARGS --dialect gomcp -- FAKE-SERVER stdio}. */
    private static Cli.Result againstStdio(String... args) {
        List<String> argv = new ArrayList<>(List.of(args));
        argv.addAll(List.of("--dialect", "gomcp", "--"));
        argv.addAll(FakeGomcp.command("stdio"));
        return Cli.run(Cli.command(), argv);
    }

    @Test
    void lsListsTheFlatListingAcrossItsPages() {
        Cli.Result result = againstStdio("ls", "--all");
        assertEquals(0, result.exitCode(), result::toString);
        List<String> lines = result.stdout().lines().toList();
        assertEquals(6, lines.size(), result::toString); // the header and five resources
        assertTrue(lines.get(1).startsWith("readme.md  mem://docs/readme.md"), result::toString);
        assertTrue(lines.get(2).startsWith("logo.png"), result::toString);
    }

    @Test
    void readPrintsTheTextAndMetaTheResource() {
        Cli.Result read = againstStdio("read", "mem://docs/readme.md");
        assertEquals(0, read.exitCode(), read::toString);
        assertEquals("hello gomcp", read.stdout());

        Cli.Result meta = againstStdio("meta", "mem://docs/logo.png");
        assertEquals(0, meta.exitCode(), meta::toString);
        assertTrue(meta.stdout().contains("image/png"), meta::toString);
    }

    @Test
    void readWritesABlobsBytesToTheOutputFile(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("logo.png");
        Cli.Result read = againstStdio("read", "mem://docs/logo.png", "-o", out.toString());
        assertEquals(0, read.exitCode(), read::toString);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2, (byte) 0xff}, Files.readAllBytes(out));
    }

    @Test
    void treeShowsACollectionsDirectChildren() {
        Cli.Result tree = againstStdio("tree", "mem://docs");
        assertEquals(0, tree.exitCode(), tree::toString);
        assertTrue(tree.stdout().contains("readme.md") && tree.stdout().contains("deep.txt"), tree::toString);
    }

    @Test
    void anUnknownDialectIsAUsageErrorNamingTheKnownOnes() {
        Cli.Result result = Cli.run(Cli.command(), List.of("ls", "--dialect", "nope", "http://127.0.0.1:9/sse"));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("no resource dialect has the id 'nope'; known: [gomcp]"), result::toString);

        Cli.Result help = Cli.run(Cli.command(), List.of("ls", "--help"));
        assertTrue(help.stdout().contains("--dialect ID"), help::toString);
    }

    @Test
    void watchOverHttpPrintsTheChangeTheServerSends() throws Exception {
        try (FakeGomcp.Http server = new FakeGomcp.Http()) {
            List<String> argv = new ArrayList<>(Cli.command());
            argv.addAll(List.of("watch", "--dialect", "gomcp", server.url(), "mem://notes.txt"));
            Process watch = new ProcessBuilder(argv).start();
            try {
                BufferedReader err = reader(watch.getErrorStream());
                BufferedReader out = reader(watch.getInputStream());
                String ready = CompletableFuture.supplyAsync(() -> line(err)).get(60, TimeUnit.SECONDS);
                assertEquals("jmcp: watching mem://notes.txt (Ctrl-C to stop)", ready);

                CompletableFuture<String> update = CompletableFuture.supplyAsync(() -> line(out));
                server.change("mem://notes.txt", "watched", "notifications/resources/updated");
                assertTrue(update.get(30, TimeUnit.SECONDS).contains("mem://notes.txt"));
            } finally {
                watch.destroy();
                assertTrue(watch.waitFor(20, TimeUnit.SECONDS), "watch did not end on SIGTERM");
            }
        }
    }

    private static BufferedReader reader(java.io.InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    private static String line(BufferedReader in) {
        try {
            return in.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
