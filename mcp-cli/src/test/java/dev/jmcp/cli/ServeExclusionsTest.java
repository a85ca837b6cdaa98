package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp serve} leaves out hidden entries and what the folder's .gitignore files exclude;
 * {@code --include-hidden} and {@code --no-ignore} serve them. A read of what is left out is not
 * found, as for a file that does not exist.
 */
class ServeExclusionsTest {
    @TempDir
    Path temp;

    private Path repository() throws IOException {
        Path root = temp.toRealPath();
        Files.createDirectories(root.resolve(".git"));
        Files.writeString(root.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(root.resolve(".env"), "TOKEN=secret\n");
        Files.writeString(root.resolve(".gitignore"), "target/\n");
        Files.createDirectories(root.resolve("target"));
        Files.writeString(root.resolve("target/out.txt"), "built\n");
        Files.writeString(root.resolve("README.md"), "# hello\n");
        return root;
    }

    private static List<String> names(Cli.Result listing) {
        assertEquals(0, listing.exitCode(), listing::toString);
        return listing.stdout().lines().skip(1).map(line -> line.split(" +")[0]).sorted().toList();
    }

    private static Cli.Result runAgainst(Path root, List<String> serveOptions, String... args) {
        List<String> argv = new ArrayList<>(List.of(args));
        argv.add("--");
        argv.addAll(Cli.server(root));
        argv.addAll(serveOptions);
        return Cli.run(Cli.command(), argv);
    }

    @Test
    void hiddenAndIgnoredEntriesAreLeftOutByDefault() throws IOException {
        Path root = repository();
        assertEquals(List.of("README.md"), names(runAgainst(root, List.of(), "ls")));
        Cli.Result secret = runAgainst(root, List.of(), "read", root.resolve(".env").toUri().toString());
        assertTrue(secret.exitCode() != 0 && secret.stderr().contains("not found"), secret::toString);
        assertTrue(!secret.stdout().contains("secret"), secret::toString);
    }

    @Test
    void includeHiddenAndNoIgnoreServeThem() throws IOException {
        Path root = repository();
        assertEquals(List.of(".env", ".git", ".gitignore", "README.md", "target"),
                names(runAgainst(root, List.of("--include-hidden", "--no-ignore"), "ls")));
        Cli.Result secret = runAgainst(root, List.of("--include-hidden"), "read", root.resolve(".env").toUri().toString());
        assertEquals(0, secret.exitCode(), secret::toString);
        assertEquals("TOKEN=secret\n", secret.stdout());
    }
}
