package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An MCP host starts its servers with an empty environment: no locale, so Java decodes file names
 * as ASCII. {@code jmcp serve} must still list a name that is not ASCII under a URI that reads it,
 * and take a {@code --root} that is not ASCII ({@link Utf8Relaunch}). The client here runs under
 * the test's UTF-8 locale (the build sets {@code LC_ALL=C.UTF-8} for test JVMs); the server under
 * {@code env -i}.
 */
class CLocaleTest {
    private static final String NAME = "na\u00efve \u2713 \u65e5\u672c.txt";

    @TempDir
    Path dir;

    @Test
    void aServerStartedWithoutALocaleListsAndReadsNamesThatAreNotAscii() throws IOException {
        assertEquals("UTF-8", System.getProperty("sun.jnu.encoding"), "the test JVM itself needs a UTF-8 locale");
        Path root = Files.createDirectories(dir.toRealPath().resolve("wurzel-\u00fc"));
        Files.writeString(root.resolve(NAME), "gr\u00fc\u00dfe", StandardCharsets.UTF_8);
        String uri = root.resolve(NAME).toUri().toString();

        Cli.Result listed = Cli.run(Cli.command(), withServer(root, "ls", "--json"));
        assertEquals(0, listed.exitCode(), listed::toString);
        assertTrue(listed.stdout().contains("\"uri\":\"" + uri + "\""), listed::toString);
        assertTrue(listed.stdout().contains("\"name\":\"" + NAME + "\""), listed::toString);

        Cli.Result read = Cli.run(Cli.command(), withServer(root, "read", uri));
        assertEquals(0, read.exitCode(), read::toString);
        assertEquals("gr\u00fc\u00dfe", read.stdout(), read::toString);
    }

    /** @return {@code ARGS -- env -i jmcp serve --root ROOT}: the server with an empty environment */
    private static List<String> withServer(Path root, String... args) {
        List<String> argv = new ArrayList<>(List.of(args));
        argv.addAll(List.of("--", "env", "-i"));
        argv.addAll(Cli.command());
        argv.addAll(List.of("serve", "--root", root.toString()));
        return argv;
    }
}
