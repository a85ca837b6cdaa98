package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.badinput.ServeProcess;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * jmcp's ranged reads through the real commands: {@code jmcp serve --root DIR --http} and
 * {@code jmcp read}. A 64 MiB blob (the 1 GiB, scaled to keep the test quick) read with
 * {@code -o FILE} in 1 MiB ranges is killed at about half, and read again: it goes on from the
 * part's end and ends byte-identical (SHA-256).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RangedReadCliTest {
    private static final int SIZE = 64 << 20;
    private static final String CHUNK = "1048576";

    @TempDir
    static Path dir;
    private static Path root;
    private static ServeProcess server;
    private static URI url;

    @BeforeAll
    static void serve() throws Exception {
        root = Files.createDirectories(dir.resolve("root")).toRealPath();
        byte[] bytes = new byte[SIZE];
        new Random(26).nextBytes(bytes);
        Files.write(root.resolve("big.bin"), bytes);
        // the folder withholds the version of a file written in the last seconds, and a range needs one
        Files.setLastModifiedTime(root.resolve("big.bin"), java.nio.file.attribute.FileTime.from(
                java.time.Instant.now().minusSeconds(3600)));
        server = new ServeProcess(root, List.of("--http", "0"), line -> { });
        url = server.address();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String uri() {
        return root.resolve("big.bin").toUri().toString();
    }

    @Test
    void aDownloadKilledAtHalfGoesOnFromWhereItStoppedAndEndsIdentical() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path file = out.resolve("big.bin");
        Path part = out.resolve("big.bin" + RangedDownload.PART);
        List<String> command = new ArrayList<>(Cli.command());
        command.addAll(List.of("read", url.toString(), uri(), "-o", file.toString(), "--chunk-bytes", CHUNK));
        Path log = dir.resolve("first-read.log");

        // 64 ranges, so that the download takes many round trips and is caught midway
        Process first = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        // the part grows a range at a time, a few milliseconds apart: looked at without a pause, so that
        // the read is killed within a range or two of half
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        java.io.File partFile = part.toFile();
        while (partFile.length() < SIZE / 2) {
            assertTrue(first.isAlive(), () -> "the read ended before it was half done: " + logOf(log));
            assertTrue(System.nanoTime() < deadline, () -> "the part did not reach half the size within 120 s: "
                    + partFile.length() + " bytes; " + logOf(log));
            Thread.onSpinWait();
        }
        first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        long kept = Files.size(part);
        assertFalse(Files.exists(file), "the killed read left no FILE");
        assertTrue(kept >= SIZE / 2 && kept < SIZE, "killed at " + kept + " of " + SIZE);

        Cli.Result second = Cli.run(Cli.command(), List.of("read", url.toString(), uri(), "-o", file.toString(),
                "--chunk-bytes", CHUNK));

        assertEquals(0, second.exitCode(), second.stderr());
        assertTrue(second.stderr().contains("jmcp: resuming " + uri() + " at byte " + kept + " of " + SIZE), second.stderr());
        assertArrayEquals(sha256(root.resolve("big.bin")), sha256(file));
        assertFalse(Files.exists(part));
        assertFalse(Files.exists(out.resolve("big.bin" + RangedDownload.PART + RangedDownload.VERSION)));
    }

    @Test
    void readRangeWritesThoseBytes() throws Exception {
        Path file = dir.resolve("range.bin");

        Cli.Result range = Cli.run(Cli.command(), List.of("read", url.toString(), uri(), "--range", "1000:24", "-o",
                file.toString()));

        assertEquals(0, range.exitCode(), range.stderr());
        byte[] all = Files.readAllBytes(root.resolve("big.bin"));
        assertArrayEquals(Arrays.copyOfRange(all, 1000, 1024), Files.readAllBytes(file));
    }

    private static String logOf(Path log) {
        try {
            return Files.readString(log);
        } catch (java.io.IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static byte[] sha256(Path file) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
        }
        return digest.digest();
    }
}
