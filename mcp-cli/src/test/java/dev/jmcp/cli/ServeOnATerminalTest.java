package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp serve} typed at a terminal says what it waits for; started by a host (input not a
 * terminal) it says nothing. The terminal is told through {@code jmcp.stdin.tty}, as the script
 * does; the input is empty either way, so the server ends at once.
 */
class ServeOnATerminalTest {
    private static final String WAITING = "over stdio: waiting for an MCP client on standard input";

    @TempDir
    Path dir;

    @Test
    void serveOnATerminalSaysItWaitsForAClient() {
        Cli.Result result = Cli.run(Cli.command("-Djmcp.stdin.tty=true"), List.of("serve", "--root", dir.toString()));
        assertEquals(Exit.OK, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("jmcp: serving "), result::toString);
        assertTrue(result.stderr().contains(WAITING), result::toString);
    }

    @Test
    void serveStartedByAHostSaysNothing() {
        Cli.Result result = Cli.run(Cli.command("-Djmcp.stdin.tty=false"), List.of("serve", "--root", dir.toString()));
        assertEquals(Exit.OK, result.exitCode(), result::toString);
        assertFalse(result.stderr().contains(WAITING), result::toString);
    }
}
