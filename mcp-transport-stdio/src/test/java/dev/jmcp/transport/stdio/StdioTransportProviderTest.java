package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.TransportProvider;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StdioTransportProviderTest {
    private final StdioTransportProvider provider = new StdioTransportProvider();

    @Test
    void itIsTheStdioProviderForTheStdioScheme() {
        assertEquals("stdio", provider.id());
        assertEquals(Set.of("stdio"), provider.schemes());
        assertEquals(0, provider.priority());
    }

    @Test
    void theModuleProvidesItToTransportProvider() {
        Module module = StdioTransportProvider.class.getModule();
        assertTrue(module.isNamed(), "the tests run on the module path");
        ModuleDescriptor descriptor = module.getDescriptor();
        assertTrue(descriptor.provides().stream().anyMatch(provides -> provides.service().equals(
                TransportProvider.class.getName()) && provides.providers().equals(
                List.of(StdioTransportProvider.class.getName()))), descriptor.provides()::toString);
        assertEquals(Set.of("dev.jmcp.transport.stdio"),
                descriptor.exports().stream().map(ModuleDescriptor.Exports::source).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void theClassPathRegistrationNamesIt() throws Exception {
        try (InputStream in = StdioTransportProvider.class.getModule()
                .getResourceAsStream("META-INF/services/" + TransportProvider.class.getName())) {
            assertEquals(StdioTransportProvider.class.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        }
    }

    @Test
    void aCommandLineSurvivesTheRoundTripThroughAUri() {
        List<String> command = List.of("/opt/my server/bin/run", "-y", "@scope/pkg", "a b", "x&y=z", "100%", "1+1",
                "?#", "", "Grüße 🙂", "--flag=value");
        URI uri = StdioTransportProvider.uriOf(command);
        assertEquals("stdio:/opt/my%20server/bin/run?arg=-y&arg=%40scope/pkg&arg=a%20b&arg=x%26y%3Dz&arg=100%25"
                + "&arg=1%2B1&arg=%3F%23&arg=&arg=Gr%C3%BC%C3%9Fe%20%F0%9F%99%82&arg=--flag%3Dvalue", uri.toString());
        assertEquals(command, StdioTransportProvider.commandOf(uri));
    }

    @Test
    void commandsThatLookLikeSomethingElseAreEscaped() {
        for (List<String> command : List.of(List.of("-"), List.of("//server/share/run"), List.of("npx"))) {
            assertEquals(command, StdioTransportProvider.commandOf(StdioTransportProvider.uriOf(command)));
        }
        assertEquals("stdio:npx", StdioTransportProvider.uriOf(List.of("npx")).toString());
    }

    @Test
    void bothFormsAndTheWorkingDirectoryAreRead() {
        assertEquals(List.of("npx", "-y", "@modelcontextprotocol/server-everything"), StdioTransportProvider.commandOf(
                URI.create("stdio:npx?arg=-y&arg=%40modelcontextprotocol%2Fserver-everything")));
        assertEquals(List.of("C:\\Program Files\\node.exe", "server.js"), StdioTransportProvider.commandOf(
                URI.create("stdio:?cmd=C%3A%5CProgram%20Files%5Cnode.exe&arg=server.js")));
        StdioUri parsed = StdioUri.parse(URI.create("stdio:/usr/bin/node?arg=server.js&cwd=/srv/mcp"));
        assertEquals(List.of("/usr/bin/node", "server.js"), parsed.command());
        assertEquals(Path.of("/srv/mcp"), parsed.directory());
        assertEquals(parsed, StdioUri.parse(parsed.toUri()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"stdio:-", "stdio://host/run", "stdio:run#frag", "stdio:run?args=x", "stdio:run?arg",
            "stdio:run?cmd=other", "stdio:?arg=x", "stdio:run?arg=%4", "stdio:run?arg=%C3%28", "http://x/run"})
    void badCommandUrisAreRefusedSayingWhy(String uri) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> StdioTransportProvider.commandOf(URI.create(uri)));
        assertTrue(error.getMessage().contains(uri), error.getMessage());
    }

    @Test
    void connectRefusesABadUriBeforeStartingAnything() {
        assertThrows(IllegalArgumentException.class, () -> provider.connect(URI.create("stdio:run?nope=1")));
    }

    @Test
    void serveTakesOnlyThisProcesssOwnStreams() {
        assertEquals(URI.create("stdio:-"), StdioTransportProvider.SELF);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> provider.serve(URI.create("stdio:other"), transport -> { }));
        assertTrue(error.getMessage().contains("stdio:-"), error.getMessage());
    }
}
