package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runtime without a JSON-P provider (a jlink image made without {@code org.eclipse.parsson}) fails
 * at once, naming the module to add, for the client and the server alike.
 */
class NoJsonProviderTest {
    @TempDir
    Path dir;

    @Test
    void withoutParssonEveryCommandFailsAtOnceNamingTheMissingModule() {
        String withoutParsson = Arrays.stream(Cli.modulePath().split(File.pathSeparator))
                .filter(entry -> !Path.of(entry).getFileName().toString().startsWith("parsson"))
                .collect(Collectors.joining(File.pathSeparator));
        assertTrue(withoutParsson.length() < Cli.modulePath().length(), "Parsson is on the test's module path");
        List<String> java = new ArrayList<>(Cli.command());
        java.set(java.indexOf("-p") + 1, withoutParsson);

        for (List<String> args : List.of(List.of("serve", "--root", dir.toString()), List.of("ls", "--", "true"))) {
            Cli.Result result = Cli.run(java, args);
            assertEquals(Exit.SETUP, result.exitCode(), result::toString);
            assertTrue(result.stderr().contains("no JSON-P provider"), result::toString);
            assertTrue(result.stderr().contains("--add-modules org.eclipse.parsson"), result::toString);
        }
    }
}
