package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code jmcp ls} against a server that sends more than any listing needs: it fails that request,
 * naming the limit, instead of holding what the server sends. How much memory it takes is measured
 * by hand and reported in the closing note, not asserted here.
 */
class HostileServerTest {
    private static Cli.Result ls(String nameLength) throws Exception {
        Path classes = Path.of(HostileServerMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String java = ProcessHandle.current().info().command().orElseThrow();
        return Cli.run(Cli.command(), List.of("ls", "--timeout", "120", "--", java, "-cp", classes.toString(),
                HostileServerMain.class.getName(), nameLength));
    }

    @Test
    void aListingLongerThanTheListingMessageLimitFailsNamingIt() throws Exception {
        Cli.Result result = ls(String.valueOf(200_000_000));

        assertEquals(Exit.PROTOCOL, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("exceeds maxMessageBytes=16777216"), result::toString);
    }

    @Test
    void aNameLongerThanTheListingStringLimitFailsNamingIt() throws Exception {
        Cli.Result result = ls(String.valueOf(2_000_000));

        assertEquals(Exit.PROTOCOL, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("exceeds maxStringLength=1048576"), result::toString);
    }

    @Test
    void anEndlessNameFailsTheListAtTheListingMessageLimitNamingIt() throws Exception {
        Cli.Result result = ls("endless");

        assertEquals(Exit.PROTOCOL, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("exceeds maxMessageBytes=16777216"), result::toString);
    }
}
