package dev.jmcp.core.session;

import dev.jmcp.core.internal.session.EngineConnection;
import dev.jmcp.core.internal.session.ServerConnection;
import dev.jmcp.core.internal.session.ServerHandshake;
import dev.jmcp.core.internal.session.ServerSessionAccess;
import dev.jmcp.core.internal.session.ServerShared;
import dev.jmcp.core.internal.session.SessionConfig;
import dev.jmcp.core.internal.session.SessionEngine;
import dev.jmcp.core.internal.session.Side;
import dev.jmcp.core.internal.session.StatelessServer;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The server end of a connection, for clients of every revision jmcp speaks. A request whose
 * {@code _meta} names its revision (2026-07-28) is served on its own, statelessly: the session
 * answers {@code server/discover}, checks the request's {@code _meta} and adds what the revision
 * requires to every result ({@code resultType}, the server's identity in {@code _meta}, caching
 * hints), and it needs no {@code initialize}. Other requests belong to the handshake revisions.
 * It answers {@code initialize} by itself: with the client's
 * revision when it is one of 2024-11-05, 2025-03-26, 2025-06-18 and 2025-11-25, otherwise with
 * 2025-11-25, and with the capabilities, server info and instructions given to the builder. Until
 * then it answers every request but {@code ping} with {@code -32600}; until the client has sent
 * {@code notifications/initialized}, it sends no request but {@code ping}.
 *
 * <p>Features (resources, and later others) are request and notification handlers registered on
 * the builder; the session itself knows none. See {@link McpSession} for threads.
 *
 * <p>What a handler of a stateless request that {@link dev.jmcp.core.McpServer} serves on a
 * transport of its own ({@link McpTransport#carriesOneRequest()}) sees as its session is a
 * {@code ServerSession} too, of that one request: it closes with the request's transport,
 * negotiates nothing ({@link #initialized()} fails when it closes) and sends no request.
 *
 * <pre>{@code
 * ServerSession session = ServerSession.builder(transport)
 *         .serverInfo(Implementation.of("files", "1.0"))
 *         .capabilities(ServerCapabilities.ofResources(ResourcesCapability.of()))
 *         .requestHandler("resources/list", (params, context) -> listResources(params))
 *         .build();
 * }</pre>
 *
 * @since 0.1
 */
public final class ServerSession implements McpSession {
    static {
        // McpServer builds its sessions on what they share, and serves a stateless request on a face of
        // its own; neither is API, so they are reached through the engine's internal access
        ServerSessionAccess.register(new ServerSessionAccess.Access() {
            @Override
            public void share(Builder builder, ServerShared shared) {
                builder.shared = shared;
            }

            @Override
            public ServerSession face(ServerConnection connection) {
                return new ServerSession(connection);
            }
        });
    }

    private final ServerConnection connection;

    private ServerSession(ServerConnection connection) {
        this.connection = connection;
    }

    private ServerSession(Builder builder) {
        ServerHandshake handshake = new ServerHandshake(builder.serverInfo, builder.capabilities, builder.instructions);
        ServerShared shared = builder.shared;
        SessionConfig config = shared != null
                ? new SessionConfig(builder.transport, builder.settings, shared.executor(), shared.handlers(),
                        shared.stateless(), shared.requestStates(), shared.budget())
                : new SessionConfig(builder.transport, builder.settings, builder.executor, builder.handlers.build(),
                        builder.statelessEra ? new StatelessServer(builder.serverInfo, builder.capabilities,
                                builder.instructions, builder.cacheHint) : null, null, null);
        SessionEngine engine = new SessionEngine(Side.SERVER, config, handshake);
        this.connection = new EngineConnection(engine, handshake);
        engine.start(this);
    }

    /**
     * @param transport the connection to serve; it is started by {@link Builder#build()}; never null
     * @return a builder with the default settings, no capabilities and no handlers
     */
    public static Builder builder(McpTransport transport) {
        return new Builder(transport);
    }

    /**
     * @return completes with what was negotiated once the client has sent
     *         {@code notifications/initialized}; fails with {@link SessionClosedException} if the
     *         session closes first; never null
     */
    public CompletableFuture<Negotiated> initialized() {
        return connection.initialized().copy();
    }

    @Override
    public <R> CompletableFuture<R> sendRequest(String method, Object params, Class<R> resultType,
            RequestOptions options) {
        return connection.request(method, params, resultType, options);
    }

    @Override
    public CompletableFuture<Void> sendNotification(String method, Object params) {
        return connection.notify(method, params);
    }

    @Override
    public Negotiated negotiated() {
        return connection.negotiated();
    }

    @Override
    public PendingRequests pendingRequests() {
        return connection.pendingRequests();
    }

    @Override
    public boolean isOpen() {
        return connection.isOpen();
    }

    @Override
    public CompletableFuture<Void> onClose() {
        return connection.onClose().copy();
    }

    @Override
    public void close() {
        connection.close();
    }

    /**
     * Why the session ended, for a server program to report: its transport's failure (its input
     * could not be read, or its reader stopped on an error), as given to
     * {@link dev.jmcp.core.spi.McpTransport.Listener#onClosed}.
     *
     * @return the failure, once {@link #onClose()} has completed; null when the session ended
     *         normally (the client went, or {@link #close()}) or is still open
     * @since 0.1
     */
    public Throwable closeCause() {
        return connection.closeCause();
    }

    @Override
    public String toString() {
        return "ServerSession[" + connection + "]";
    }

    /**
     * Builds a {@link ServerSession}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder extends SessionBuilder<Builder> {
        private Implementation serverInfo;
        private ServerCapabilities capabilities = ServerCapabilities.none();
        private String instructions;
        /** What the sessions of an McpServer share; null for a session built alone. */
        private ServerShared shared;
        private CacheHint cacheHint = CacheHint.NONE;
        private boolean statelessEra = true;

        private Builder(McpTransport transport) {
            super(transport);
        }

        /** @param value the server program, sent as {@code serverInfo}; required */
        public Builder serverInfo(Implementation value) {
            this.serverInfo = Objects.requireNonNull(value, "serverInfo");
            return this;
        }

        /** @param value what the server supports; defaults to nothing */
        public Builder capabilities(ServerCapabilities value) {
            this.capabilities = Objects.requireNonNull(value, "capabilities");
            return this;
        }

        /** @param value hints for the model on how to use this server; may be null */
        public Builder instructions(String value) {
            this.instructions = value;
            return this;
        }


        /**
         * @param value the caching hint of a stateless request's cacheable result when its handler
         *              gave none; defaults to {@link CacheHint#NONE}
         */
        public Builder defaultCacheHint(CacheHint value) {
            this.cacheHint = Objects.requireNonNull(value, "defaultCacheHint");
            return this;
        }

        /**
         * @param value false to serve only the {@code initialize} era (2024-11-05 to 2025-11-25): a
         *              request whose {@code _meta} names 2026-07-28, and {@code server/discover}, are
         *              then refused as any request before {@code initialize} is ({@code -32600}).
         *              For a server that speaks a protocol of that era only, such as a resources
         *              dialect. True by default
         * @since 0.1
         */
        public Builder statelessEra(boolean value) {
            this.statelessEra = value;
            return this;
        }

        /**
         * Creates the session and starts its transport: from here on it answers the client.
         *
         * @throws IllegalStateException when {@link #serverInfo} was not set
         */
        public ServerSession build() {
            if (serverInfo == null) {
                throw new IllegalStateException("serverInfo is required");
            }
            return new ServerSession(this);
        }
    }
}
