package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.transport.InMemoryTransport;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server in the dialect watches its provider once, from when it is built (the server starts its
 * providers then, dialect or not), however many sessions it serves, until it closes.
 */
class GomcpWatchLifetimeTest {
    @TempDir
    Path root;

    @Test
    void watchesOnceFromTheServersBuildAndStopsWhenTheServerCloses() throws Exception {
        Set<Thread> before = watchThreads();
        McpServer server = Fixture.server(root);
        Set<Thread> started = new HashSet<>(watchThreads());
        started.removeAll(before);
        assertEquals(1, started.size(), "one watch for the one provider, started with the server");

        server.serve(InMemoryTransport.pair().server());
        server.serve(InMemoryTransport.pair().server());
        assertEquals(started.size() + before.size(), watchThreads().size(), "a session starts no second watch");

        server.close();
        for (Thread thread : started) {
            thread.join(GomcpPeer.WAIT.toMillis());
            assertFalse(thread.isAlive(), "the watch ended with the server");
        }
    }

    private static Set<Thread> watchThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(FileSystemResourceProvider.WATCH_THREAD) && t.isAlive())
                .collect(Collectors.toSet());
    }
}
