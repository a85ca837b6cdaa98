package dev.jmcp.example.zip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.UriPaths;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provider inside a server, in this JVM: the server closes it once, and on the module path the
 * server finds its factory through {@link java.util.ServiceLoader} as a user's program would.
 */
class ZipProviderServerTest {
    @TempDir
    Path dir;

    @Test
    void theServerClosesItsProviderOnceAndTheArchiveIsReleased() throws IOException {
        Path archive = TestArchive.write(dir.resolve("a.zip"), false).toRealPath();
        AtomicInteger closes = new AtomicInteger();
        ZipResourceProvider zip = new ZipResourceProvider("zip", ZipProviderFactory.defaultUri(archive), archive) {
            @Override
            public void close() {
                closes.incrementAndGet();
                super.close();
            }
        };
        McpServer server = McpServer.builder().serverInfo("zip", "1").resourceProvider(zip).build();
        assertTrue(openHandles(archive) > 0, "the archive is open while the server is");
        assertEquals(TestArchive.TEXT, readOverInMemoryClient(server,
                UriPaths.join(zip.rootUri(), List.of("données", TestArchive.NON_ASCII))));
        server.close();
        server.close();
        assertEquals(1, closes.get(), "close() is called exactly once");
        assertEquals(0, openHandles(archive), "no handle on the archive is left");
    }

    @Test
    void discoveryFindsTheFactoryOnTheModulePathAndTheServerClosesWhatItMade() throws IOException {
        Path archive = TestArchive.write(dir.resolve("found.zip"), false).toRealPath();
        assertEquals("dev.jmcp.example.zip", ZipProviderFactory.class.getModule().getName(), "runs on the module path");
        try (McpServer server = McpServer.builder().serverInfo("zip", "1").discoverResourceProviders()
                .providerSetting("zip", "file", archive.toString()).build()) {
            assertEquals(1, openHandles(archive));
            try (McpClient client = connect(server)) {
                List<Resource> top = client.resources().listAll(10);
                assertEquals(List.of("data", "docs", "données", "latin1.txt", "many"),
                        top.stream().map(Resource::name).toList());
            }
        }
        assertEquals(0, openHandles(archive));
    }

    private static String readOverInMemoryClient(McpServer server, String uri) {
        try (McpClient client = connect(server)) {
            return ((TextResourceContents) client.resources().read(uri).contents().get(0)).text();
        }
    }

    private static McpClient connect(McpServer server) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        return McpClient.connect(pair.client());
    }

    /** @return how many of this process's file descriptors are open on {@code file} (Linux's /proc) */
    private static long openHandles(Path file) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(file);
                } catch (IOException gone) { // the descriptor of the listing itself, closed by now
                    return false;
                }
            }).count();
        }
    }
}
