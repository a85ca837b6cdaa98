package dev.jmcp.example.zip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.Cli;
import dev.jmcp.cli.badinput.ServeProcess;
import dev.jmcp.core.providers.UriPaths;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provider as a user meets it: {@code jmcp serve --discover --provider-setting zip.file=ARCHIVE}
 * in a child JVM whose module path holds this module (found by service binding, as a jar in
 * {@code JMCP_MODULE_PATH} would be), driven by the {@code jmcp} commands in other child JVMs, over
 * stdio and over HTTP on loopback. The stdio server runs with {@code -Xmx48m} and sends an entry
 * of 96 MiB (128 MiB of base64).
 */
class ZipProviderCliTest {
    private static final String MODULE = "dev.jmcp.example.zip";

    @TempDir
    static Path dir;
    private static Path archive;
    private static String root;

    @BeforeAll
    static void writeTheArchive() throws IOException {
        archive = TestArchive.write(dir.resolve("archive.zip"), true).toRealPath();
        root = ZipProviderFactory.defaultUri(archive);
    }

    @Test
    void treeDrawsTheArchivesFoldersImpliedOrListedAndItsNamesThatAreNotAscii() {
        Cli.Result tree = jmcp("tree");
        assertEquals(0, tree.exitCode(), tree::toString);
        List<String> lines = tree.stdout().lines().toList();
        assertEquals("the resource providers zip", lines.get(0), tree::toString);
        for (String expected : List.of("├── big/", "│   └── huge.bin", "├── docs/", "│   ├── guide/", "│   │   └── deep/",
                "│   │       └── leaf.json", "│   └── readme.md", "├── données/", "│   └── " + TestArchive.NON_ASCII,
                "├── latin1.txt", "└── many/", "    ├── entry-0000.txt", "    └── entry-1199.txt")) {
            assertTrue(lines.contains(expected), () -> expected + " in\n" + tree.stdout());
        }
        assertEquals(1 + 13 + TestArchive.MANY, lines.size(), tree::toString); // the label, the 13 above, many/'s
        assertFalse(tree.stdout().contains("escape"), tree::toString);
    }

    @Test
    void lsAllListsTheLargeFolderAcrossPagesInOrder() {
        String many = UriPaths.child(root, "many");
        Cli.Result ls = jmcp("ls", many, "--all");
        assertEquals(0, ls.exitCode(), ls::toString);
        List<String> lines = ls.stdout().lines().toList();
        assertEquals(1 + TestArchive.MANY, lines.size(), ls::toString); // the header, then every entry
        for (int i = 0; i < TestArchive.MANY; i++) {
            String name = TestArchive.many(i);
            assertTrue(lines.get(i + 1).matches(Pattern.quote(name) + " +" + Pattern.quote(UriPaths.child(many, name))
                    + " +text/plain +\\d+ +no"), lines.get(i + 1));
        }
        Cli.Result page = jmcp("ls", many); // the server's pages are of 100: one is not all
        assertEquals(101, page.stdout().lines().count(), page::toString);
        assertTrue(page.stderr().contains("--all lists them all"), page::toString);
    }

    @Test
    void readPrintsATextEntryNamedWithCharactersThatAreNotAscii() {
        Cli.Result read = jmcp("read", UriPaths.join(root, List.of("données", TestArchive.NON_ASCII)));
        assertEquals(0, read.exitCode(), read::toString);
        assertArrayEquals(TestArchive.TEXT.getBytes(StandardCharsets.UTF_8), read.stdoutBytes());
    }

    @Test
    void readWritesAnEntryLargerThanTheServersHeapToAFile() throws IOException {
        Path out = dir.resolve("out").resolve("huge.bin");
        Files.createDirectories(out.getParent());
        Cli.Result read = jmcp("read", UriPaths.join(root, List.of("big", "huge.bin")), "-o", out.toString(),
                "--timeout", "300");
        assertEquals(0, read.exitCode(), read::toString);
        assertEquals(TestArchive.BIG, Files.size(out));
        assertEquals(TestArchive.bigCrc(), crc(out));
    }

    @Test
    void metaShowsTheCrcAsTheVersionAndTheEntrysTime() {
        String readme = UriPaths.join(root, List.of("docs", "readme.md"));
        Cli.Result meta = jmcp("meta", readme);
        assertEquals(0, meta.exitCode(), meta::toString);
        CRC32 crc = new CRC32();
        crc.update("# Read me\n".getBytes(StandardCharsets.UTF_8));
        String out = meta.stdout();
        assertTrue(out.contains("uri           " + readme + "\n"), out);
        assertTrue(out.contains("mimeType      text/markdown\n") && out.contains("size          10 (10 B)\n"), out);
        assertTrue(out.contains("isCollection  false\n") && out.contains("lastModified  2026-01-02T03:04:05Z\n"), out);
        assertTrue(out.contains(String.format("\"dev.jmcp/version\":\"crc32-%08x\"", crc.getValue())), out);
    }

    @Test
    void overHttpTheSameArchiveIsListedAndReadOnLoopback() throws Exception {
        try (ServeProcess serve = new ServeProcess(List.of("--discover", "--provider-setting", "zip.file=" + archive,
                "--page-size", "100", "--http", "127.0.0.1:0"), line -> { })) {
            String server = serve.address().toString();
            Cli.Result ls = Cli.run(Cli.command(), List.of("ls", server, UriPaths.child(root, "many"), "--all"));
            assertEquals(0, ls.exitCode(), () -> ls + serve.log());
            assertEquals(1 + TestArchive.MANY, ls.stdout().lines().count(), ls::toString);
            Cli.Result read = Cli.run(Cli.command(), List.of("read", server,
                    UriPaths.join(root, List.of("data", "random.bin"))));
            assertEquals(0, read.exitCode(), () -> read + serve.log());
            assertArrayEquals(TestArchive.BINARY, read.stdoutBytes());
        }
    }

    @Test
    void besideRootTheFolderAndTheArchiveAreServedTogether() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("folder")).toRealPath();
        Files.writeString(folder.resolve("beside.txt"), "beside the archive");
        List<String> argv = new ArrayList<>(List.of("ls", "--"));
        argv.addAll(Cli.command());
        argv.addAll(List.of("serve", "--discover", "--provider-setting", "zip.file=" + archive, "--root",
                folder.toString()));
        Cli.Result ls = Cli.run(Cli.command(), argv);
        assertEquals(0, ls.exitCode(), ls::toString);
        List<String> names = ls.stdout().lines().skip(1).map(line -> line.split(" +")[0]).toList();
        assertTrue(names.containsAll(List.of("beside.txt", "big", "many")), ls::toString);
    }

    @Test
    void discoverWithNoFactoryOnTheModulePathFailsSayingHowToAddOne() {
        String withoutThisModule = Arrays.stream(Cli.modulePath().split(File.pathSeparator))
                .filter(entry -> ModuleFinder.of(Path.of(entry)).find(MODULE).isEmpty())
                .collect(Collectors.joining(File.pathSeparator));
        Cli.Result serve = Cli.run(Cli.commandOn(withoutThisModule), List.of("serve", "--discover"));
        assertEquals(3, serve.exitCode(), serve::toString);
        assertTrue(serve.stderr().contains("--discover found no resource provider factory on the module path")
                && serve.stderr().contains("JMCP_MODULE_PATH"), serve::toString);
    }

    @Test
    void aMissingRequiredSettingIsAUsageErrorNamingIt() {
        Cli.Result serve = Cli.run(Cli.command(), List.of("serve", "--discover"));
        assertEquals(2, serve.exitCode(), serve::toString);
        assertTrue(serve.stderr().contains("needs the setting zip.file (--provider-setting zip.file=VALUE)"),
                serve::toString);
        Cli.Result absent = Cli.run(Cli.command(), List.of("serve", "--discover", "--provider-setting",
                "zip.file=" + dir.resolve("none.zip")));
        assertEquals(2, absent.exitCode(), absent::toString);
        assertTrue(absent.stderr().contains("zip.file") && absent.stderr().contains("no such file"), absent::toString);
    }

    @Test
    void wrongProviderOptionsAreUsageErrorsNamingWhatIsWrong() {
        assertUsage("no resource provider factory on the module path has the id 'zipp'; found: zip",
                "--discover", "--provider-setting", "zipp.file=a.zip");
        assertUsage("resource provider 'zip' has no setting 'flie'; its settings: file, uri",
                "--discover", "--provider-setting", "zip.flie=a.zip");
        assertUsage("--provider-setting takes ID.NAME=VALUE, was 'zip.file'", "--discover", "--provider-setting",
                "zip.file");
        assertUsage("--provider-setting applies to --discover only", "--provider-setting", "zip.file=a.zip");
        assertUsage("--content-hashes, --cache-ttl, --include-hidden and --no-ignore apply to the folder of --root",
                "--discover", "--provider-setting", "zip.file=a.zip", "--content-hashes");
    }

    @Test
    void helpListsTheFactoriesFoundAndTheirSettings() {
        Cli.Result help = Cli.run(Cli.command(), List.of("serve", "--help"));
        assertEquals(0, help.exitCode(), help::toString);
        assertTrue(help.stdout().contains("Resource providers on the module path (--discover): zip\n")
                && help.stdout().contains("Settings of the zip provider (--provider-setting zip.NAME=VALUE):\n  file ")
                && help.stdout().contains("JMCP_MODULE_PATH"), help::toString);
    }

    private static void assertUsage(String message, String... serveOptions) {
        List<String> argv = new ArrayList<>(List.of("serve"));
        argv.addAll(List.of(serveOptions));
        Cli.Result serve = Cli.run(Cli.command(), argv);
        assertEquals(2, serve.exitCode(), serve::toString);
        assertTrue(serve.stderr().contains(message), serve::toString);
    }

    /** Runs {@code jmcp ARGS -- jmcp serve --discover ...} (in 48 MiB of heap, with pages of 100) over stdio. */
    private static Cli.Result jmcp(String... args) {
        List<String> argv = new ArrayList<>(List.of(args));
        argv.add("--");
        argv.addAll(Cli.command("-Xmx48m"));
        argv.addAll(List.of("serve", "--discover", "--provider-setting", "zip.file=" + archive, "--page-size", "100"));
        return Cli.run(Cli.command(), argv);
    }

    private static long crc(Path file) throws IOException {
        CRC32 crc = new CRC32();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
            }
        }
        return crc.getValue();
    }
}
