package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs on the module path (surefire's default here): the module's {@code uses} and {@code provides}
 * make the file-system provider visible to {@link ServiceLoader}, as a user of the modules sees it.
 */
class ModulePathDiscoveryTest {

    @Test
    void theModuleRunsOnTheModulePath() {
        assertTrue(McpServer.class.getModule().isNamed(), "tests should run in the named module dev.jmcp.core");
        assertEquals("dev.jmcp.core", McpServer.class.getModule().getName());
    }

    @Test
    void serviceLoaderFindsTheFileSystemProviderAndItServesTheRootOfTheSystemProperty(@TempDir Path root)
            throws Exception {
        Files.writeString(root.resolve("hello.txt"), "hello from disk", StandardCharsets.UTF_8);
        String before = System.getProperty(FileSystemResourceProvider.ROOT_PROPERTY);
        System.setProperty(FileSystemResourceProvider.ROOT_PROPERTY, root.toString());
        try {
            // a fresh loader: the instances that builders discover are made once per JVM, maybe before this test
            List<ResourceProvider> found = ServiceLoader.load(ResourceProvider.class).stream()
                    .map(ServiceLoader.Provider::get).toList();
            ResourceProvider files = found.stream().filter(p -> p instanceof FileSystemResourceProvider)
                    .findFirst().orElseThrow(() -> new AssertionError("ServiceLoader did not find it: " + found));
            assertEquals("filesystem", files.id());

            InMemoryTransport.Pair pair = InMemoryTransport.pair();
            try (McpServer server = McpServer.builder().serverInfo("files", "1.0").resourceProvider(files).build()) {
                server.serve(pair.server());
                try (McpClient client = McpClient.connect(pair.client())) {
                    Resource listed = client.resources().listAll(5).stream()
                            .filter(r -> r.name().equals("hello.txt")).findFirst().orElseThrow();
                    TextResourceContents text = (TextResourceContents) client.resources().read(listed.uri())
                            .contents().get(0);
                    assertEquals("hello from disk", text.text());
                    assertEquals("text/plain", text.mimeType());
                    assertEquals(15L, text.resource().size());
                }
            }
        } finally {
            if (before == null) {
                System.clearProperty(FileSystemResourceProvider.ROOT_PROPERTY);
            } else {
                System.setProperty(FileSystemResourceProvider.ROOT_PROPERTY, before);
            }
        }
    }

    @Test
    void aBuilderDiscoversProvidersOnlyWhenAsked() throws Exception {
        try (McpServer asked = McpServer.builder().serverInfo("s", "1").discoverResourceProviders().build();
             McpServer notAsked = McpServer.builder().serverInfo("s", "1").build()) {
            assertTrue(asked.capabilities().resources() != null, "the file-system provider was discovered");
            assertEquals(null, notAsked.capabilities().resources());
        }
    }

    @Test
    void aProviderGivenExplicitlyTakesThePlaceOfTheDiscoveredOneWithItsId(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("given.txt"), "given", StandardCharsets.UTF_8);
        FileSystemResourceProvider given = FileSystemResourceProvider.of(root); // id "filesystem", as the discovered one
        try (McpServer server = McpServer.builder().serverInfo("s", "1").resourceProvider(given)
                .discoverResourceProviders().build()) {
            InMemoryTransport.Pair pair = InMemoryTransport.pair();
            server.serve(pair.server());
            try (McpClient client = McpClient.connect(pair.client())) {
                assertEquals(List.of("given.txt"), client.resources().listAll(5).stream().map(Resource::name).toList());
            }
        }
    }
}
