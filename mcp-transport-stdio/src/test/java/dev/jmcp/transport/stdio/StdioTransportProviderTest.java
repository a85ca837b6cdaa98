package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void connectRefusesABadUriBeforeStartingAnything() {
        assertThrows(IllegalArgumentException.class, () -> provider.connect(URI.create("stdio:run?nope=1")));
    }

    @Test
    void serveTakesOnlyThisProcesssOwnStreams() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> provider.serve(URI.create("stdio:other"), transport -> { }));
        assertTrue(error.getMessage().contains("stdio:-"), error.getMessage());
    }

    @Test
    void connectStartsTheCommandInTheWorkingDirectoryTheUriNames(@TempDir Path folder) throws Exception {
        String script = "printf '{\"jsonrpc\":\"2.0\",\"method\":\"%s\"}\\n' \"$PWD\"; sleep 30";
        McpTransport transport = provider.connect(StdioTargets.uriOf(List.of("sh", "-c", script), folder));
        try {
            Recorder recorder = new Recorder();
            transport.start(recorder);
            JsonRpcNotification told = assertInstanceOf(JsonRpcNotification.class, recorder.nextMessage());
            assertEquals(folder.toRealPath().toString(), told.method());
        } finally {
            transport.close();
        }
    }
}
