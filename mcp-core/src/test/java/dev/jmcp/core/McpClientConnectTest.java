package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.core.spi.ConnectOptions;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class McpClientConnectTest {
    private static final URI TARGET = URI.create("test:server");
    private final McpServer server = McpServer.builder().serverInfo("test-server", "1.0").build();

    @AfterEach
    void close() {
        server.close();
    }

    /** Connects to {@link #server} in memory, and notes which {@code connect} was called with what. */
    private final class Provider implements TransportProvider {
        ConnectOptions options;
        int plainConnects;

        @Override
        public String id() {
            return "test";
        }

        @Override
        public Set<String> schemes() {
            return Set.of("test");
        }

        @Override
        public McpTransport connect(URI target) {
            plainConnects++;
            InMemoryTransport.Pair pair = InMemoryTransport.pair();
            server.serve(pair.server());
            return pair.client();
        }

        @Override
        public McpTransport connect(URI target, ConnectOptions value) {
            options = value;
            return connect(target);
        }

        @Override
        public dev.jmcp.core.spi.Serving serve(URI address, Consumer<McpTransport> onSession) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void theLimitsOfTheOptionsReachTheProvider() {
        Provider provider = new Provider();
        CodecLimits limits = CodecLimits.builder().maxMessageBytes(1L << 30).maxStringLength(1 << 30).build();
        try (McpClient client = McpClient.connect(TARGET,
                ClientOptions.builder().transportProviders(List.of(provider)).limits(limits).build())) {
            assertEquals("test-server", client.serverInfo().name());
        }
        assertEquals(ConnectOptions.builder().limits(limits).build(), provider.options);
    }

    @Test
    void withoutLimitsTheProviderKeepsItsOwn() {
        Provider provider = new Provider();
        try (McpClient client = McpClient.connect(TARGET, ClientOptions.builder().transportProviders(List.of(provider)).build())) {
            assertEquals("test-server", client.serverInfo().name());
        }
        assertNull(provider.options);
        assertEquals(1, provider.plainConnects);
        assertNull(ClientOptions.defaults().limits());
    }

    @Test
    void aProviderThatIgnoresOptionsConnectsAsWithout() throws Exception {
        McpTransport transport = InMemoryTransport.pair().client();
        TransportProvider plain = new TransportProvider() {
            @Override
            public String id() {
                return "plain";
            }

            @Override
            public Set<String> schemes() {
                return Set.of("test");
            }

            @Override
            public McpTransport connect(URI target) {
                return transport;
            }

            @Override
            public dev.jmcp.core.spi.Serving serve(URI address, Consumer<McpTransport> onSession) {
                throw new UnsupportedOperationException();
            }
        };
        assertSame(transport, plain.connect(TARGET, ConnectOptions.defaults()));
        assertThrows(NullPointerException.class, () -> plain.connect(TARGET, null));
    }

    @Test
    void aConnectionThatEndsBeforeInitializeFailsWithTheTransportsReason() {
        McpException reason = new McpException("the server process exited with code 1");
        // ends as soon as it starts: the session is closed before initialize is even sent
        McpTransport ended = new McpTransport() {
            @Override
            public void start(Listener listener) {
                listener.onClosed(reason);
            }

            @Override
            public CompletableFuture<Void> send(JsonRpcPayload payload) {
                return CompletableFuture.failedFuture(new McpException("closed"));
            }

            @Override
            public void close() {
            }
        };
        SessionClosedException failure = assertThrows(SessionClosedException.class,
                () -> McpClient.connect(ended, ClientOptions.defaults()));
        assertSame(reason, failure.getCause(), failure::toString);
        assertInstanceOf(SessionClosedException.class, failure);
    }
}
