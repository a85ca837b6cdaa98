package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the output goes and what happens when it cannot: a missing directory, /proc, a pipe whose reader left. */
class OutputPlacesTest {
    @TempDir
    Path dir;

    @Test
    void readIntoADirectoryThatDoesNotExistExitsFourAndSaysSo() throws IOException {
        Path root = dir.toRealPath();
        Path file = Files.writeString(root.resolve("a.txt"), "a");
        Path missing = root.resolve("no/such/dir/out.txt");
        Cli.Result result = Cli.runAgainst(root, "read", file.toUri().toString(), "-o", missing.toString());
        assertEquals(Exit.IO, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("cannot write " + missing + ": " + missing.getParent() + " does not exist"),
                result::toString);
    }

    @Test
    void readIntoAPlaceWhereNoFileCanBeMadeSaysWhy() throws IOException {
        Path root = dir.toRealPath();
        Path file = Files.writeString(root.resolve("a.txt"), "a");
        Cli.Result result = Cli.runAgainst(root, "read", file.toUri().toString(), "-o", "/proc/jmcp-out.txt");
        assertEquals(Exit.IO, result.exitCode(), result::toString);
        // the JDK's exception carries only the path; its class is the reason. The path is that of the file
        // written beside the target: the partial file of a whole read, or the part's version file of a
        // ranged download (the server offers ranges and the file has a version)
        assertTrue(result.stderr().matches("(?s).*/proc/\\.?jmcp-out\\.txt\\.jmcp-part(ial|\\.version): no such file or"
                + " directory.*"), result::toString);
    }

    @Test
    void treeEndsQuietlyWhenItsReaderGoesAway() throws Exception {
        Path root = dir.toRealPath();
        for (int i = 0; i < 3000; i++) {
            Files.writeString(root.resolve(String.format("a-file-with-a-rather-long-name-%04d.txt", i)), "x");
        }
        List<String> command = new ArrayList<>(Cli.command());
        command.addAll(List.of("tree", "--json", "--"));
        command.addAll(Cli.server(root));
        Process process = new ProcessBuilder(command).start();
        CompletableFuture<byte[]> err = Cli.drain(process.getErrorStream());
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertTrue(out.readLine().startsWith("{\"uri\":"), "the first line is a resource");
        } // as `| head -1` does: the rest of the ~600 KB finds no reader
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "jmcp tree did not end");
        String stderr = new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), stderr);
        assertEquals("", stderr);
    }
}
