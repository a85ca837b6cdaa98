package dev.jmcp.dialect.gomcp;

import dev.jmcp.core.McpServer;
import java.net.URI;
import java.nio.file.Path;

/** A child JVM's main: serves the folder {@code args[0]} in the gomcp dialect over its stdin and stdout. */
public final class FixtureServerMain {
    private FixtureServerMain() {
    }

    public static void main(String[] args) {
        try (McpServer server = Fixture.server(Path.of(args[0]))) {
            server.serve(URI.create("stdio:-")).idle().join();
        }
    }
}
