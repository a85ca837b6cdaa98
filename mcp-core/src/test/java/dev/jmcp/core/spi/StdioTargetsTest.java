package dev.jmcp.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StdioTargetsTest {
    @Test
    void aCommandLineSurvivesTheRoundTripThroughAUri() {
        List<String> command = List.of("/opt/my server/bin/run", "-y", "@scope/pkg", "a b", "x&y=z", "100%", "1+1",
                "?#", "", "Grüße 🙂", "--flag=value");
        URI uri = StdioTargets.uriOf(command);
        assertEquals("stdio:/opt/my%20server/bin/run?arg=-y&arg=%40scope/pkg&arg=a%20b&arg=x%26y%3Dz&arg=100%25"
                + "&arg=1%2B1&arg=%3F%23&arg=&arg=Gr%C3%BC%C3%9Fe%20%F0%9F%99%82&arg=--flag%3Dvalue", uri.toString());
        assertEquals(command, StdioTargets.commandOf(uri));
    }

    @Test
    void commandsThatLookLikeSomethingElseAreEscaped() {
        for (List<String> command : List.of(List.of("-"), List.of("//server/share/run"), List.of("npx"))) {
            assertEquals(command, StdioTargets.commandOf(StdioTargets.uriOf(command)));
        }
        assertEquals("stdio:npx", StdioTargets.uriOf(List.of("npx")).toString());
    }

    @Test
    void bothFormsAndTheWorkingDirectoryAreRead() {
        assertEquals(List.of("npx", "-y", "@modelcontextprotocol/server-everything"), StdioTargets.commandOf(
                URI.create("stdio:npx?arg=-y&arg=%40modelcontextprotocol%2Fserver-everything")));
        assertEquals(List.of("C:\\Program Files\\node.exe", "server.js"), StdioTargets.commandOf(
                URI.create("stdio:?cmd=C%3A%5CProgram%20Files%5Cnode.exe&arg=server.js")));
        URI withDirectory = URI.create("stdio:/usr/bin/node?arg=server.js&cwd=/srv/mcp");
        assertEquals(List.of("/usr/bin/node", "server.js"), StdioTargets.commandOf(withDirectory));
        assertEquals(Path.of("/srv/mcp"), StdioTargets.directoryOf(withDirectory));
        assertEquals(withDirectory, StdioTargets.uriOf(List.of("/usr/bin/node", "server.js"), Path.of("/srv/mcp")));
        assertNull(StdioTargets.directoryOf(URI.create("stdio:npx")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"stdio:-", "stdio://host/run", "stdio:run#frag", "stdio:run?args=x", "stdio:run?arg",
            "stdio:run?cmd=other", "stdio:?arg=x", "stdio:run?arg=%4", "stdio:run?arg=%C3%28", "http://x/run"})
    void badCommandUrisAreRefusedSayingWhy(String uri) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> StdioTargets.commandOf(URI.create(uri)));
        assertTrue(error.getMessage().contains(uri), error.getMessage());
    }

    @Test
    void aCommandLineWithoutAProgramHasNoUri() {
        assertThrows(IllegalArgumentException.class, () -> StdioTargets.uriOf(List.of()));
        assertThrows(IllegalArgumentException.class, () -> StdioTargets.uriOf(List.of("", "x")));
    }

    @Test
    void selfIsThisProcesssOwnStreams() {
        assertEquals(URI.create("stdio:-"), StdioTargets.SELF);
    }
}
