package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code jmcp} against a server without jmcp's extensions: server-everything (a 2025-11-25 server of
 * the TypeScript SDK, over stdio), which has neither the children listing nor {@code resources/metadata}.
 */
@Timeout(600) // a backstop: the first test may install the Node side
class ForeignServerCliTest {
    private static final String FEATURES = "demo://resource/static/document/features.md";

    /** @return {@code jmcp ARGS -- node server-everything stdio} */
    private static Cli.Result jmcpAgainstEverything(String... args) {
        List<String> argv = new ArrayList<>(List.of(args));
        argv.addAll(List.of("--", Interop.node(), Interop.conformance()
                .resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js").toString(), "stdio"));
        return Cli.run(Cli.command(), argv);
    }

    @Test
    void lsOfAUriFailsClearlyWhenTheServerCannotListChildren() {
        Cli.Result result = jmcpAgainstEverything("ls", FEATURES);

        assertNotEquals(0, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("jmcp: the server cannot list children of " + FEATURES), result::toString);
        assertEquals("", result.stdout(), "nothing is listed: " + result);
    }

    @Test
    void metaFallsBackToAListingScanWhenTheServerHasNoResourcesMetadata() {
        Cli.Result result = jmcpAgainstEverything("meta", FEATURES);

        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("jmcp: the server has no resources/metadata (-32601): "
                + "looking for " + FEATURES + " in its listing"), result::toString);
        assertTrue(result.stdout().contains(FEATURES) && result.stdout().contains("text/markdown"), result::toString);
    }
}
