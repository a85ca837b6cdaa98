package dev.jmcp.core.session;

import dev.jmcp.core.internal.session.ClientHandshake;
import dev.jmcp.core.internal.session.SessionConfig;
import dev.jmcp.core.internal.session.SessionEngine;
import dev.jmcp.core.internal.session.Side;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeResult;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The client end of a connection. {@link #initialize()} performs the handshake: it sends
 * {@code initialize} with the client's revision, capabilities and info, checks the revision the
 * server chose (failing with {@link UnsupportedProtocolVersionException} and closing when it is not
 * one the client speaks), then sends {@code notifications/initialized} (or the name given to
 * {@link Builder#initializedNotification}). Until then only
 * {@code ping} may be sent. See {@link McpSession} for threads.
 *
 * <p>{@link #negotiate(VersionNegotiation)} speaks 2026-07-28 too: it probes with
 * {@code server/discover} and, when the server offers a stateless revision, sends every later
 * request with the stateless {@code _meta} (revision, client capabilities, client info) and no
 * handshake; otherwise it performs the handshake above. In the stateless era a result that asks for
 * input ({@code input_required}) is answered by the handlers registered with
 * {@link Builder#requestHandler} for the embedded requests' methods ({@code elicitation/create},
 * {@code sampling/createMessage}, {@code roots/list}; their params arrive as
 * {@link jakarta.json.JsonObject}), and the request is retried with their answers, at most
 * {@link Builder#maxInputRounds} times; the caller of {@link #sendRequest} sees only the final result.
 *
 * <pre>{@code
 * ClientSession session = ClientSession.builder(transport)
 *         .clientInfo(Implementation.of("browser", "1.0"))
 *         .build();
 * session.initialize().get(10, TimeUnit.SECONDS);
 * }</pre>
 *
 * @since 0.1
 */
public final class ClientSession implements McpSession {
    private final SessionEngine engine;
    /** The revisions a client session asks for with {@code initialize}, newest first: 2025-11-25 to 2024-11-05. */
    public static final List<String> SUPPORTED_VERSIONS = ClientHandshake.VERSIONS;
    /**
     * 10: how many times a request answered with {@code input_required} is retried with the
     * answers before it fails; the TypeScript SDK's default too.
     */
    public static final int DEFAULT_MAX_INPUT_ROUNDS = 10;

    private final ClientHandshake handshake;
    private final int maxInputRounds;

    private ClientSession(Builder builder) {
        this(builder, new ClientHandshake(builder.clientInfo, builder.capabilities, builder.protocolVersion,
                builder.initializedNotification));
    }

    private ClientSession(Builder builder, ClientHandshake handshake) {
        this.engine = new SessionEngine(Side.CLIENT, SessionConfig.client(builder.transport, builder.settings,
                builder.executor, builder.handlers.build()), handshake);
        this.handshake = handshake;
        this.maxInputRounds = builder.maxInputRounds;
        engine.start(this);
    }

    /**
     * @param transport the connection to the server; it is started by {@link Builder#build()}; never null
     * @return a builder with the default settings, no capabilities and no handlers
     */
    public static Builder builder(McpTransport transport) {
        return new Builder(transport);
    }

    /**
     * Performs the handshake; call it once. Cancelling the returned future does not cancel
     * {@code initialize}, which the spec forbids; it times out after
     * {@link SessionSettings#requestTimeout()}.
     *
     * @return the server's answer, after {@code notifications/initialized} has been sent; fails with
     *         {@link UnsupportedProtocolVersionException} (and the session closes) when the server
     *         chose a revision this client does not speak, or with the errors of
     *         {@link #sendRequest}; never null
     */
    public CompletableFuture<InitializeResult> initialize() {
        return handshake.initialize();
    }

    /**
     * Chooses the revision as {@code how} says, then is ready for requests: after the
     * {@code initialize} handshake, or at once for a stateless revision. Call it, or
     * {@link #initialize()}, once.
     *
     * @param how never null; {@link VersionNegotiation#auto()} for what the spec recommends
     * @return which revision was chosen and why; fails (and the session closes) with the errors of
     *         {@link #initialize()}, with {@link UnsupportedProtocolVersionException} when the
     *         server speaks no revision this client does, or with the failure of a pinned
     *         revision; never null
     * @since 0.1
     */
    public CompletableFuture<Negotiation> negotiate(VersionNegotiation how) {
        return handshake.negotiate(how);
    }

    /** @return which revision was chosen and why; null before {@link #initialize()} or {@link #negotiate} completed */
    public Negotiation negotiation() {
        return handshake.negotiation();
    }

    @Override
    public <R> CompletableFuture<R> sendRequest(String method, Object params, Class<R> resultType,
            RequestOptions options) {
        if (handshake.isStateless()) {
            return engine.requestWithInput(method, params, resultType, options, maxInputRounds);
        }
        return engine.request(method, params, resultType, options);
    }

    @Override
    public CompletableFuture<Void> sendNotification(String method, Object params) {
        return engine.notify(method, params);
    }

    @Override
    public Negotiated negotiated() {
        return engine.negotiated();
    }

    @Override
    public PendingRequests pendingRequests() {
        return engine.pendingRequests();
    }

    @Override
    public boolean isOpen() {
        return engine.isOpen();
    }

    @Override
    public CompletableFuture<Void> onClose() {
        return engine.onClose().copy();
    }

    @Override
    public void close() {
        engine.close();
    }

    @Override
    public String toString() {
        return "ClientSession[" + engine + "]";
    }

    /**
     * Builds a {@link ClientSession}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder extends SessionBuilder<Builder> {
        private Implementation clientInfo;
        private ClientCapabilities capabilities = ClientCapabilities.none();
        private String protocolVersion = ClientHandshake.DEFAULT_VERSION;
        private int maxInputRounds = DEFAULT_MAX_INPUT_ROUNDS;
        private String initializedNotification = McpMethodNames.INITIALIZED;

        private Builder(McpTransport transport) {
            super(transport);
        }

        /** @param value the client program, sent as {@code clientInfo}; required */
        public Builder clientInfo(Implementation value) {
            this.clientInfo = Objects.requireNonNull(value, "clientInfo");
            return this;
        }

        /** @param value what the client supports; defaults to nothing */
        public Builder capabilities(ClientCapabilities value) {
            this.capabilities = Objects.requireNonNull(value, "capabilities");
            return this;
        }

        /**
         * @param value the revision to ask for, one of {@link ClientSession#SUPPORTED_VERSIONS};
         *              defaults to the newest, 2025-11-25
         * @throws IllegalArgumentException for a revision the client does not speak with {@code initialize}
         */
        public Builder protocolVersion(String value) {
            if (!SUPPORTED_VERSIONS.contains(value)) {
                throw new IllegalArgumentException("protocolVersion must be one of " + SUPPORTED_VERSIONS
                        + ", was " + value);
            }
            this.protocolVersion = value;
            return this;
        }

        /**
         * @param value how many times a request answered with {@code input_required} (2026-07-28) is
         *              retried before it fails; at least 1; defaults to {@link #DEFAULT_MAX_INPUT_ROUNDS}
         */
        public Builder maxInputRounds(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxInputRounds must be >= 1, was " + value);
            }
            this.maxInputRounds = value;
            return this;
        }

        /**
         * The name of the notification that ends the {@code initialize} handshake. MCP's is
         * {@code notifications/initialized}, the default; servers of some dialects, such as gomcp's,
         * wait for the bare {@code initialized} and refuse every request until it comes.
         *
         * @param method the notification's name; never null, not blank
         * @throws IllegalArgumentException for a blank name
         * @since 0.1
         */
        public Builder initializedNotification(String method) {
            Objects.requireNonNull(method, "initializedNotification");
            if (method.isBlank()) {
                throw new IllegalArgumentException("initializedNotification must not be blank");
            }
            this.initializedNotification = method;
            return this;
        }

        /**
         * Creates the session and starts its transport; call {@link ClientSession#initialize()} next.
         *
         * @throws IllegalStateException when {@link #clientInfo} was not set
         */
        public ClientSession build() {
            if (clientInfo == null) {
                throw new IllegalStateException("clientInfo is required");
            }
            return new ClientSession(this);
        }
    }
}
