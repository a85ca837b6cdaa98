package dev.jmcp.core;

import dev.jmcp.core.internal.resources.ResourcesFeature;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.resources.ConditionalReads;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;

/** A server with the given providers and clients connected to it over in-memory pairs; closes everything. */
final class Harness implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(10);

    final McpServer server;
    private final List<AutoCloseable> open = new ArrayList<>();

    Harness(ResourceSettings settings, ResourceProvider... providers) {
        this(null, settings, providers);
    }

    /** @param handlers runs the server's handlers, for a test that waits until they have all returned; null for the server's own */
    Harness(ExecutorService handlers, ResourceSettings settings, ResourceProvider... providers) {
        McpServer.Builder builder = McpServer.builder().serverInfo("test-server", "1.0").resourceSettings(settings);
        if (handlers != null) {
            builder.executor(handlers);
        }
        for (ResourceProvider provider : providers) {
            builder.resourceProvider(provider);
        }
        this.server = builder.build();
        open.add(server);
    }

    Harness(ResourceProvider... providers) {
        this(ResourceSettings.defaults(), providers);
    }

    /** @return a client that negotiates as by default: the stateless 2026-07-28 with this server */
    McpClient client() {
        return client(VersionNegotiation.auto());
    }

    /** @return a client of a session opened with {@code initialize}, for the features only sessions have */
    McpClient sessionClient() {
        return client(VersionNegotiation.handshake());
    }

    /** @return a client, stateless as by default, that declares conditional reads: its listings carry versions */
    McpClient versionsClient() {
        return client(new Recording(), VersionNegotiation.auto(), true);
    }

    private McpClient client(VersionNegotiation negotiation) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        return track(McpClient.connect(pair.client(), ClientOptions.builder()
                .clientInfo(Implementation.of("test-client", "1.0")).callTimeout(WAIT)
                .versionNegotiation(negotiation).build()));
    }

    /** A client whose server end records what the server sends. */
    McpClient client(Recording recording) {
        return client(recording, VersionNegotiation.auto());
    }

    /** A client of either era whose server end records what the server sends. */
    McpClient client(Recording recording, VersionNegotiation negotiation) {
        return client(recording, negotiation, false);
    }

    /** As {@link #client(Recording, VersionNegotiation)}; with {@code versions}, declaring conditional reads. */
    McpClient client(Recording recording, VersionNegotiation negotiation, boolean versions) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(recording.wrap(pair.server()));
        ClientOptions.Builder options = ClientOptions.builder().callTimeout(WAIT).versionNegotiation(negotiation);
        if (versions) {
            options.capabilities(ClientCapabilities.builder()
                    .extensions(Map.of(ConditionalReads.EXTENSION, JsonValue.EMPTY_JSON_OBJECT)).build());
        }
        return track(McpClient.connect(pair.client(), options.build()));
    }

    ResourcesFeature feature() {
        return server.resourcesFeature();
    }

    <T extends AutoCloseable> T track(T closeable) {
        open.add(closeable);
        return closeable;
    }

    @Override
    public void close() {
        for (int i = open.size() - 1; i >= 0; i--) {
            try {
                open.get(i).close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + open.get(i) + " failed", e);
            }
        }
    }

    /** Polls until {@code condition} holds, failing after {@link #WAIT}. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5); // the poll's interval, for state that offers nothing to wait on
        }
    }

    /** Runs {@code call}, which must fail with a {@link ProtocolException}, and returns it. */
    static ProtocolException protocolError(Runnable call) {
        try {
            call.run();
        } catch (ProtocolException e) {
            return e;
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof ProtocolException protocol) {
                return protocol;
            }
            throw e;
        }
        throw new AssertionError("expected a ProtocolException");
    }

    /** Records the payloads a server sends and receives through a transport. */
    static final class Recording {
        final List<JsonRpcPayload> sent = new CopyOnWriteArrayList<>();
        final List<JsonRpcPayload> received = new CopyOnWriteArrayList<>();

        McpTransport wrap(McpTransport inner) {
            return new McpTransport() {
                @Override
                public void start(Listener listener) {
                    inner.start(new Listener() {
                        @Override
                        public void onMessage(JsonRpcPayload payload) {
                            received.add(payload);
                            listener.onMessage(payload);
                        }

                        @Override
                        public void onUnreadable(ProtocolException error) {
                            listener.onUnreadable(error);
                        }

                        @Override
                        public void onClosed(Throwable cause) {
                            listener.onClosed(cause);
                        }

                        @Override
                        public dev.jmcp.schema.codec.PendingRequests pendingRequests() {
                            return listener.pendingRequests();
                        }
                    });
                }

                @Override
                public CompletableFuture<Void> send(JsonRpcPayload payload) {
                    sent.add(payload);
                    return inner.send(payload);
                }

                @Override
                public void close() {
                    inner.close();
                }
            };
        }
    }
}
