package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmcp serve} over stdio tells whoever started it that its session ended on a failure. */
class ServeFailureTest {
    @TempDir
    Path dir;

    @Test
    void aSessionThatEndsOnATransportFailureExitsNonZeroNamingIt() throws Exception {
        // a directory as standard input: the first read fails (EISDIR), a real failure of the reader;
        // Java will not redirect from a directory, so a shell does
        List<String> command = new java.util.ArrayList<>(List.of("/bin/sh", "-c", "exec \"$@\" < \"$0\"", dir.toString()));
        command.addAll(Cli.command());
        command.addAll(List.of("serve", "--root", dir.toString()));
        Process process = new ProcessBuilder(command).start();
        CompletableFuture<byte[]> err = Cli.drain(process.getErrorStream());
        Cli.drain(process.getInputStream());

        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "jmcp serve ends");
        String stderr = new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        assertEquals(Exit.IO, process.exitValue(), stderr);
        assertTrue(stderr.contains("jmcp: the session ended on a failure: ") && stderr.contains("could not read its input"),
                stderr);
    }
}
