package dev.jmcp.transport.stdio;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import java.net.URI;
import java.nio.file.Path;

/**
 * The server of the stateless stdio tests, run by {@link ChildProcesses} on the class path: what
 * {@code jmcp serve --root DIR} composes (an {@link McpServer} with a {@link FileSystemResourceProvider}
 * over {@code stdio:-}, the transport found through {@link java.util.ServiceLoader}), plus
 * {@link AskTool} for multi round-trip requests. Its one argument is the folder. It exits when its
 * input ends.
 */
public final class StatelessServerMain {
    private StatelessServerMain() {
    }

    public static void main(String[] args) {
        System.err.println("stateless-server: starting");
        try (McpServer server = McpServer.builder()
                .serverInfo("stateless-server", "1.0")
                .resourceProvider(FileSystemResourceProvider.of(Path.of(args[0])))
                .feature(new AskTool())
                .build()) {
            server.serve(URI.create("stdio:-")).idle().join();
        }
        System.err.println("stateless-server: input ended");
    }
}
