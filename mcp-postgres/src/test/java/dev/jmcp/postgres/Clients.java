package dev.jmcp.postgres;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.lifecycle.Implementation;

/** Clients of a server in the same JVM, over an in-memory pair. */
final class Clients {
    private Clients() {
    }

    /** @return a client of a 2025-11-25 session with {@code server}; the caller closes it */
    static McpClient session(McpServer server) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        return McpClient.connect(pair.client(), ClientOptions.builder().clientInfo(Implementation.of("t", "1"))
                .callTimeout(Served.WAIT).versionNegotiation(VersionNegotiation.handshake()).build());
    }
}
