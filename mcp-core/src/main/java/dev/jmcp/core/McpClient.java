package dev.jmcp.core;

import dev.jmcp.core.internal.resources.ClientResourcesImpl;
import dev.jmcp.core.internal.spi.Providers;
import dev.jmcp.core.resources.ClientResources;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.Negotiation;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.spi.ConnectOptions;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.ResourceDialect;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A connected, initialized MCP client, with a synchronous API for the server's resources:
 * <pre>{@code
 * try (McpClient client = McpClient.connect(URI.create("http://127.0.0.1:8765/mcp"))) {
 *     for (Resource resource : client.resources().listAll(10)) {
 *         System.out.println(resource.uri() + "  " + resource.name());
 *     }
 *     ReadResourceResult readme = client.resources().read("file:///project/README.md");
 * }
 * }</pre>
 * Each call waits at most {@link ClientOptions#callTimeout()}; errors are described on
 * {@link ClientResources}. Thread-safe.
 *
 * @since 0.1
 */
public final class McpClient implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(McpClient.class.getName());
    private final ClientSession session;
    private final ClientResources resources;
    private final Negotiated negotiated;
    private final Negotiation negotiation;

    private McpClient(ClientSession session, ClientResources resources) {
        this.session = session;
        this.resources = resources;
        this.negotiated = session.negotiated();
        this.negotiation = session.negotiation();
    }

    /** Connects over {@code transport} with {@link ClientOptions#defaults()}. @see #connect(McpTransport, ClientOptions) */
    public static McpClient connect(McpTransport transport) {
        return connect(transport, ClientOptions.defaults());
    }

    /**
     * Starts a session on {@code transport} and chooses the revision as
     * {@link ClientOptions#versionNegotiation()} says (by default {@code server/discover} first, then
     * 2026-07-28 when the server offers it, else the {@code initialize} handshake); see
     * {@link ClientSession#negotiate}. With a {@link ClientOptions#dialect()}, the dialect's client
     * side chooses the revision, receives the server's resource notifications and reads the
     * server's resources: {@link #resources()} speaks the dialect.
     *
     * @param transport not yet started; never null
     * @param options   never null
     * @return the client, initialized; never null
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException when the server refuses {@code initialize};
     *         {@link dev.jmcp.core.session.UnsupportedProtocolVersionException} when it chose a
     *         revision this client does not speak, or offers none it does; {@link McpException} when
     *         a pinned revision is not offered; {@link McpException} when it does not answer
     *         within the call timeout; {@link SessionClosedException} when the connection ends first,
     *         caused by the transport's reason when it gave one. The session is closed in every case.
     */
    public static McpClient connect(McpTransport transport, ClientOptions options) {
        Objects.requireNonNull(transport, "transport");
        JsonRuntime.provider(); // a missing JSON provider fails here, saying so, not in a reader thread
        Objects.requireNonNull(options, "options");
        CloseCause closeCause = new CloseCause(transport);
        ClientSession.Builder builder = ClientSession.builder(closeCause)
                .clientInfo(options.clientInfo())
                .protocolVersion(options.protocolVersion())
                .maxInputRounds(options.maxInputRounds())
                .settings(options.sessionSettings());
        if (options.capabilities() != null) {
            builder.capabilities(options.capabilities());
        }
        options.requestHandlers().forEach(builder::requestHandler);
        ResourceDialect.Client side = options.dialect() == null ? standard(options) : options.dialect().client(options);
        side.register(builder);
        ClientSession session = builder.build();
        ClientResources resources = side.bind(session);
        try {
            Negotiation negotiation = session.negotiate(side.negotiation())
                    .get(options.callTimeout().toMillis(), TimeUnit.MILLISECONDS);
            LOG.log(System.Logger.Level.DEBUG, "{0} speaks {1}", session, negotiation);
            return new McpClient(session, resources);
        } catch (ExecutionException | CompletionException e) {
            session.close();
            Throwable cause = closeCause.explain(e.getCause() != null ? e.getCause() : e);
            throw cause instanceof RuntimeException runtime ? runtime : new McpException(cause.toString(), cause);
        } catch (TimeoutException e) {
            session.close();
            throw new McpException("the server did not answer initialize or server/discover within callTimeout="
                    + options.callTimeout().toMillis() + " ms", e);
        } catch (InterruptedException e) {
            session.close();
            Thread.currentThread().interrupt();
            throw new McpException("interrupted while connecting", e);
        }
    }

    /** @return MCP's own resources, shaped as a dialect's client side so that connect treats both alike */
    private static ResourceDialect.Client standard(ClientOptions options) {
        ClientResourcesImpl resources = new ClientResourcesImpl(options.callTimeout(), options.maxCachedResults());
        return new ResourceDialect.Client() {
            @Override
            public VersionNegotiation negotiation() {
                return options.versionNegotiation();
            }

            @Override
            public void register(ClientSession.Builder session) {
                resources.register(session);
            }

            @Override
            public ClientResources bind(ClientSession session) {
                resources.bind(session);
                return resources;
            }
        };
    }

    /** Connects to {@code target} with {@link ClientOptions#defaults()}. @see #connect(URI, ClientOptions) */
    public static McpClient connect(URI target) {
        return connect(target, ClientOptions.defaults());
    }

    /**
     * Connects through the {@link TransportProvider} of {@code target}'s scheme: one of
     * {@link ClientOptions#transportProviders()}, or else of those found through
     * {@link java.util.ServiceLoader}. When {@link ClientOptions#limits()} is set, the provider gets
     * them through {@link TransportProvider#connect(URI, ConnectOptions)}.
     *
     * @param target such as {@code http://127.0.0.1:8765/mcp}, or a {@code stdio:} URI naming a command
     * @throws IllegalArgumentException when no transport provider serves the scheme
     * @throws UncheckedIOException     when the server cannot be reached or started
     * @see #connect(McpTransport, ClientOptions)
     */
    public static McpClient connect(URI target, ClientOptions options) {
        Objects.requireNonNull(target, "target");
        JsonRuntime.provider(); // a missing JSON provider fails here, saying so, not in a reader thread
        List<TransportProvider> candidates = options.transportProviders().isEmpty() ? Providers.transportProviders()
                : Providers.orderTransportProviders(options.transportProviders());
        TransportProvider provider = Providers.forScheme(target.getScheme(), candidates);
        McpTransport transport;
        try {
            transport = options.limits() == null && options.blobSink() == null && options.authorizer() == null
                    ? provider.connect(target)
                    : provider.connect(target, ConnectOptions.builder()
                            .limits(options.limits() == null ? CodecLimits.defaults() : options.limits())
                            .blobSink(options.blobSink() == null ? BlobSink.IN_MEMORY : options.blobSink())
                            .authorizer(options.authorizer()).build());
        } catch (IOException e) {
            throw new UncheckedIOException("could not connect to " + target + " with transport provider '"
                    + provider.id() + "'", e);
        }
        return connect(transport, options);
    }

    /**
     * @return the server's resources, read in MCP's resources methods or, when
     *         {@link ClientOptions#dialect()} names one, in that dialect's; never null
     */
    public ClientResources resources() {
        return resources;
    }

    /** @return the session underneath, for requests this API does not cover; never null */
    public ClientSession session() {
        return session;
    }

    /**
     * @return the server program; never null (a 2026-07-28 server that does not name itself is
     *         {@code "(unnamed server)"})
     */
    public Implementation serverInfo() {
        return negotiated.serverInfo();
    }

    /** @return what the server supports; never null */
    public ServerCapabilities serverCapabilities() {
        return negotiated.serverCapabilities();
    }

    /** @return the server's hints for the model; may be null */
    public String instructions() {
        return negotiated.instructions();
    }

    /** @return the protocol revision in use; never null */
    public String protocolVersion() {
        return negotiated.protocolVersion();
    }

    /**
     * @return which revision was chosen and why, such as {@code 2026-07-28 (server/discover offered
     *         [...])}; never null
     * @since 0.1
     */
    public Negotiation negotiation() {
        return negotiation;
    }

    /** Closes the session and its transport; idempotent. */
    @Override
    public void close() {
        session.close();
    }

    @Override
    public String toString() {
        return "McpClient[" + serverInfo().name() + " " + serverInfo().version() + ", " + protocolVersion() + "]";
    }

    /**
     * The transport, passed through, remembering why it closed. A session fails a request that it
     * sends while the transport's close is being reported, or after it, with a
     * {@link SessionClosedException} that has no cause; {@code initialize} races exactly that when a
     * server exits at once, and the transport's reason (such as a process's exit code) is what the
     * caller needs to see.
     */
    private static final class CloseCause implements McpTransport {
        private final McpTransport transport;
        private volatile Throwable cause;

        CloseCause(McpTransport transport) {
            this.transport = transport;
        }

        /** @return {@code failure}, or the same closed-session failure caused by the transport's reason */
        Throwable explain(Throwable failure) {
            Throwable reason = cause;
            if (failure instanceof SessionClosedException closed && closed.getCause() == null && reason != null) {
                SessionClosedException explained = new SessionClosedException(closed.getMessage(), reason);
                explained.setStackTrace(closed.getStackTrace());
                return explained;
            }
            return failure;
        }

        @Override
        public void start(Listener listener) {
            transport.start(new Listener() {
                @Override
                public void onMessage(JsonRpcPayload payload) {
                    listener.onMessage(payload);
                }

                @Override
                public void onUnreadable(ProtocolException error) {
                    listener.onUnreadable(error);
                }

                @Override
                public void onClosed(Throwable reason) {
                    cause = reason; // before the session learns of the close
                    listener.onClosed(reason);
                }

                @Override
                public PendingRequests pendingRequests() {
                    return listener.pendingRequests();
                }
            });
        }

        @Override
        public CompletableFuture<Void> send(JsonRpcPayload payload) {
            return transport.send(payload);
        }

        @Override
        public void close() {
            transport.close();
        }

        @Override
        public String toString() {
            return transport.toString();
        }
    }
}
