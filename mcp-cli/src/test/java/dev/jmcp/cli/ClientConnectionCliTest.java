package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@code jmcp}'s client commands connect: their limits, and what they say when a server fails. */
class ClientConnectionCliTest {
    @TempDir
    Path dir;

    private String blob(int size) throws IOException {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        Path root = dir.toRealPath();
        Files.write(root.resolve("data.bin"), bytes);
        return root.resolve("data.bin").toUri().toString();
    }

    @Test
    void aBlobLargerThanTheLibrarysDefaultMessageLimitIsRead() throws IOException {
        // 13 MiB of bytes is 17.3 MiB of base64: over the 16 MiB default of CodecLimits
        String uri = blob(13 * 1024 * 1024);
        Path out = dir.resolve("copy.bin");
        Cli.Result result = Cli.runAgainst(dir.toRealPath(), "read", uri, "-o", out.toString());
        assertEquals(0, result.exitCode(), result::toString);
        assertArrayEquals(Files.readAllBytes(dir.toRealPath().resolve("data.bin")), Files.readAllBytes(out));
    }

    @Test
    void aMessageOverMaxMessageBytesFailsTheReadAtOnceNamingTheLimit() throws IOException {
        String uri = blob(100_000);
        long start = System.nanoTime();
        Cli.Result result = Cli.runAgainst(dir.toRealPath(), "read", uri, "-o", dir.resolve("copy.bin").toString(),
                "--max-message-bytes", "65536", "--timeout", "120");
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertEquals(Exit.PROTOCOL, result.exitCode(), result::toString);
        assertTrue(result.stderr().matches("(?s)jmcp: message of more than 65536 bytes exceeds maxMessageBytes=65536 \\(-32600\\)\\R"),
                result::toString);
        assertTrue(seconds < 50, "not at the --timeout: " + seconds + " s");
    }

    @Test
    void aBlobBiggerThanTheHeapIsDecodedToTheFileAsItArrives() throws IOException {
        String uri = blob(96 * 1024 * 1024); // 128 MiB of base64 in one message, for a 64 MiB heap
        Path out = dir.resolve("out").resolve("copy.bin");
        Files.createDirectories(out.getParent());
        // one range of the whole blob (the server offers ranged reads, and -o reads by ranges): still one
        // message the heap cannot hold, decoded to a file beside the output as it arrives
        List<String> argv = new ArrayList<>(List.of("read", uri, "-o", out.toString(), "--chunk-bytes",
                String.valueOf(1L << 30), "--timeout", "120", "--"));
        argv.addAll(Cli.server(dir.toRealPath()));
        Cli.Result result = Cli.run(Cli.command("-Xmx64m"), argv);
        assertEquals(Exit.OK, result.exitCode(), result::toString);
        assertEquals(-1, Files.mismatch(dir.toRealPath().resolve("data.bin"), out), "the copy differs");
        try (Stream<Path> left = Files.list(out.getParent())) {
            assertEquals(List.of(out), left.toList(), "only the output is left beside it");
        }
    }

    @Test
    void aMessageTheHeapCannotHoldFailsTheReadAtOnce() throws IOException {
        // a text resource is held whole: 7 Mi characters (under the server's 8 MiB for text), with
        // escapes, take a parser buffer of 8 Mi chars (16 MiB) and the String: too much for -Xmx16m
        Path root = dir.toRealPath();
        Files.writeString(root.resolve("big.txt"), "line\n".repeat(1_468_000));
        String uri = root.resolve("big.txt").toUri().toString();
        // to standard output: a whole read (-o would read by ranges, which the heap holds)
        List<String> argv = new ArrayList<>(List.of("read", uri, "--timeout", "120", "--"));
        argv.addAll(Cli.server(root));
        Cli.Result result = Cli.run(Cli.command("-Xmx16m"), argv);
        assertEquals(Exit.PROTOCOL, result.exitCode(), result::toString);
        assertTrue(result.stderr().matches("(?s)jmcp: message of \\d+ bytes could not be read: the Java heap is too "
                + "small for it \\(OutOfMemoryError\\) \\(-32603\\)\\R"), result::toString);
    }

    @Test
    void aServerThatExitsWithOneBeforeAnsweringIsReportedWithItsExitCode() {
        for (int i = 0; i < 3; i++) {
            List<String> argv = new ArrayList<>(List.of("ls", "--", "sh", "-c", "echo boom >&2; exit 1"));
            Cli.Result result = Cli.run(Cli.command(), argv);
            assertEquals(Exit.CONNECT, result.exitCode(), result::toString);
            // the connection may end before initialize is sent, while it is written, or after
            List<String> lines = result.stderrLines();
            assertEquals(2, lines.size(), result::toString);
            assertEquals("boom", lines.get(0), result::toString);
            assertTrue(lines.get(1).matches("jmcp: cannot connect to sh -c echo boom >&2; exit 1: "
                    + "(could not send initialize \\(id 1\\): )?the server process exited with code 1"), result::toString);
        }
    }
}
