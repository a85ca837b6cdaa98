package dev.jmcp.core;

import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.session.SessionSettings;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.spi.HttpAuthorizer;
import dev.jmcp.core.spi.ResourceDialect;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How {@link McpClient} connects: the named settings, each with a default. Made by
 * {@link #builder()}; immutable.
 *
 * @since 0.1
 */
public final class ClientOptions {
    /** 30 seconds. */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(30);
    /** {@value} results: listings and reads of text, each bounded by the codec's limits. */
    public static final int DEFAULT_MAX_CACHED_RESULTS = 256;

    private static final ClientOptions DEFAULTS = builder().build();

    private final Implementation clientInfo;
    private final String protocolVersion;
    private final Duration callTimeout;
    private final SessionSettings sessionSettings;
    private final List<TransportProvider> transportProviders;
    private final CodecLimits limits;
    private final BlobSink blobSink;
    private final VersionNegotiation versionNegotiation;
    private final int maxInputRounds;
    private final int maxCachedResults;
    private final ClientCapabilities capabilities;
    private final Map<String, RequestHandler> requestHandlers;
    private final ResourceDialect dialect;
    private final HttpAuthorizer authorizer;

    private ClientOptions(Builder b) {
        this.clientInfo = b.clientInfo;
        this.protocolVersion = b.protocolVersion;
        this.callTimeout = b.callTimeout;
        this.sessionSettings = b.sessionSettings;
        this.transportProviders = b.transportProviders;
        this.limits = b.limits;
        this.blobSink = b.blobSink;
        this.versionNegotiation = b.versionNegotiation;
        this.maxInputRounds = b.maxInputRounds;
        this.maxCachedResults = b.maxCachedResults;
        this.capabilities = b.capabilities;
        this.requestHandlers = Map.copyOf(b.requestHandlers);
        this.dialect = b.dialect;
        this.authorizer = b.authorizer;
    }

    /**
     * @return options with client info {@code jmcp-client}, the newest revision, the default timeouts
     *         and the transport providers' own limits
     */
    public static ClientOptions defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from {@link #defaults()} */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these options */
    public Builder toBuilder() {
        Builder builder = new Builder().clientInfo(clientInfo).protocolVersion(protocolVersion).callTimeout(callTimeout)
                .sessionSettings(sessionSettings).transportProviders(transportProviders).limits(limits)
                .blobSink(blobSink).versionNegotiation(versionNegotiation).maxInputRounds(maxInputRounds)
                .maxCachedResults(maxCachedResults).capabilities(capabilities).dialect(dialect).authorizer(authorizer);
        builder.requestHandlers.putAll(requestHandlers);
        return builder;
    }

    /** @return the client program, sent as {@code clientInfo}; never null */
    public Implementation clientInfo() {
        return clientInfo;
    }

    /**
     * @return the revision {@code initialize} asks for, one of {@link ClientSession#SUPPORTED_VERSIONS},
     *         when the negotiation ends in the handshake; never null
     */
    public String protocolVersion() {
        return protocolVersion;
    }

    /**
     * @return how long each call of the synchronous API waits for its answer, after which it fails
     *         with {@link dev.jmcp.core.session.RequestTimeoutException} and the server is told to
     *         stop; positive
     */
    public Duration callTimeout() {
        return callTimeout;
    }

    /**
     * @return what authorizes each HTTP request, handed to the transport provider (OAuth through
     *         {@code dev.jmcp.auth.client.OAuthClient}, or a fixed token); null for none
     * @since 0.1
     */
    public HttpAuthorizer authorizer() {
        return authorizer;
    }

    /** @return the session's limits; never null */
    public SessionSettings sessionSettings() {
        return sessionSettings;
    }

    /**
     * @return the providers that {@link McpClient#connect(java.net.URI, ClientOptions)} chooses
     *         from; empty for those found through {@link java.util.ServiceLoader}
     */
    public List<TransportProvider> transportProviders() {
        return transportProviders;
    }

    /**
     * @return the codec limits for what the server sends, handed to the transport provider by
     *         {@link McpClient#connect(java.net.URI, ClientOptions)}; null to leave the provider's own
     *         ({@link CodecLimits#defaults()} for those found through {@link java.util.ServiceLoader}).
     *         A transport passed to {@link McpClient#connect(dev.jmcp.core.spi.McpTransport, ClientOptions)}
     *         already has its codec, and keeps it
     */
    public CodecLimits limits() {
        return limits;
    }

    /**
     * @return where the blobs the server sends go, handed to the transport provider like
     *         {@link #limits()}; null to keep them in memory ({@link BlobSink#IN_MEMORY}). A client
     *         that reads large blobs gives {@link BlobSink#spillToFiles} and raises the limits'
     *         {@code maxMessageBytes}
     */
    public BlobSink blobSink() {
        return blobSink;
    }

    /**
     * @return how the revision is chosen: {@link VersionNegotiation#auto()} by default
     *         ({@code server/discover} first, {@code initialize} for older servers), pinned, or the
     *         handshake only; never null
     */
    public VersionNegotiation versionNegotiation() {
        return versionNegotiation;
    }

    /**
     * @return how many times a 2026-07-28 request answered with {@code input_required} is retried
     *         with the answers of the {@link #requestHandlers()}; at least 1
     */
    public int maxInputRounds() {
        return maxInputRounds;
    }

    /**
     * @return how many results of {@link McpClient#resources()} the client keeps for reuse while the
     *         server's caching hints ({@code ttlMs}, 2026-07-28) say they are fresh; 0: no cache
     */
    public int maxCachedResults() {
        return maxCachedResults;
    }

    /**
     * @return what the client declares it supports (such as {@code elicitation}, {@code sampling},
     *         {@code roots}); null to declare nothing
     */
    public ClientCapabilities capabilities() {
        return capabilities;
    }

    /**
     * @return the handlers of the server's requests to the client, by method
     *         ({@code elicitation/create}, {@code sampling/createMessage}, {@code roots/list}): called
     *         for a server request in a session, and for each input request of an
     *         {@code input_required} result of 2026-07-28; never null
     */
    public Map<String, RequestHandler> requestHandlers() {
        return requestHandlers;
    }

    /**
     * @return the resources protocol the server speaks when it is not MCP's own, such as gomcp's: its
     *         {@link ResourceDialect.Client} then chooses the revision (in place of
     *         {@link #versionNegotiation()}), receives the server's notifications and is what
     *         {@link McpClient#resources()} returns; null (the default) for MCP's resources
     * @since 0.1
     */
    public ResourceDialect dialect() {
        return dialect;
    }

    @Override
    public String toString() {
        return "ClientOptions[clientInfo=" + clientInfo + ", protocolVersion=" + protocolVersion + ", callTimeout="
                + callTimeout + ", sessionSettings=" + sessionSettings + ", transportProviders=" + transportProviders
                + ", limits=" + limits + ", blobSink=" + blobSink + ", versionNegotiation=" + versionNegotiation
                + ", maxInputRounds=" + maxInputRounds + ", maxCachedResults=" + maxCachedResults
                + ", capabilities=" + capabilities + ", requestHandlers=" + requestHandlers.keySet()
                + ", dialect=" + (dialect == null ? null : dialect.id()) + ", authorizer=" + authorizer + "]";
    }

    /**
     * Builds {@link ClientOptions}; each method checks its value at once and names the setting when
     * it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private Implementation clientInfo = Implementation.of("jmcp-client", "0.1");
        private String protocolVersion = ClientSession.SUPPORTED_VERSIONS.get(0);
        private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
        private SessionSettings sessionSettings = SessionSettings.defaults();
        private List<TransportProvider> transportProviders = List.of();
        private CodecLimits limits;
        private BlobSink blobSink;
        private VersionNegotiation versionNegotiation = VersionNegotiation.auto();
        private int maxInputRounds = ClientSession.DEFAULT_MAX_INPUT_ROUNDS;
        private int maxCachedResults = DEFAULT_MAX_CACHED_RESULTS;
        private ClientCapabilities capabilities;
        private final Map<String, RequestHandler> requestHandlers = new LinkedHashMap<>();
        private ResourceDialect dialect;
        private HttpAuthorizer authorizer;

        private Builder() {
        }

        /** @param value null for none; see {@link ClientOptions#authorizer()} */
        public Builder authorizer(HttpAuthorizer value) {
            this.authorizer = value;
            return this;
        }

        /** @param value never null; see {@link ClientOptions#clientInfo()} */
        public Builder clientInfo(Implementation value) {
            this.clientInfo = Objects.requireNonNull(value, "clientInfo");
            return this;
        }

        /** @param value one of {@link ClientSession#SUPPORTED_VERSIONS}; see {@link ClientOptions#protocolVersion()} */
        public Builder protocolVersion(String value) {
            Objects.requireNonNull(value, "protocolVersion");
            if (!ClientSession.SUPPORTED_VERSIONS.contains(value)) {
                throw new IllegalArgumentException("protocolVersion must be one of " + ClientSession.SUPPORTED_VERSIONS
                        + ", was " + value);
            }
            this.protocolVersion = value;
            return this;
        }

        /** @param value positive; see {@link ClientOptions#callTimeout()} */
        public Builder callTimeout(Duration value) {
            Objects.requireNonNull(value, "callTimeout");
            if (value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException("callTimeout must be positive, was " + value);
            }
            this.callTimeout = value;
            return this;
        }

        /** @param value never null; see {@link ClientOptions#sessionSettings()} */
        public Builder sessionSettings(SessionSettings value) {
            this.sessionSettings = Objects.requireNonNull(value, "sessionSettings");
            return this;
        }

        /** @param value copied; never null; see {@link ClientOptions#transportProviders()} */
        public Builder transportProviders(List<TransportProvider> value) {
            this.transportProviders = List.copyOf(value);
            return this;
        }

        /** @param value null for the provider's own; see {@link ClientOptions#limits()} */
        public Builder limits(CodecLimits value) {
            this.limits = value;
            return this;
        }

        /** @param value null to keep blobs in memory; see {@link ClientOptions#blobSink()} */
        public Builder blobSink(BlobSink value) {
            this.blobSink = value;
            return this;
        }

        /** @param value never null; see {@link ClientOptions#versionNegotiation()} */
        public Builder versionNegotiation(VersionNegotiation value) {
            this.versionNegotiation = Objects.requireNonNull(value, "versionNegotiation");
            return this;
        }

        /** @param value at least 1; see {@link ClientOptions#maxInputRounds()} */
        public Builder maxInputRounds(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxInputRounds must be >= 1, was " + value);
            }
            this.maxInputRounds = value;
            return this;
        }

        /** @param value not negative, 0 switches the cache off; see {@link ClientOptions#maxCachedResults()} */
        public Builder maxCachedResults(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("maxCachedResults must be >= 0, was " + value);
            }
            this.maxCachedResults = value;
            return this;
        }

        /** @param value null to declare nothing; see {@link ClientOptions#capabilities()} */
        public Builder capabilities(ClientCapabilities value) {
            this.capabilities = value;
            return this;
        }

        /**
         * Answers the server's {@code method} requests (and the input requests of that method in an
         * {@code input_required} result) with {@code handler}; declare the matching capability too.
         *
         * @throws IllegalArgumentException when the method already has a handler
         */
        public Builder requestHandler(String method, RequestHandler handler) {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(handler, "handler");
            if (requestHandlers.putIfAbsent(method, handler) != null) {
                throw new IllegalArgumentException("requestHandler: " + method + " already has a handler");
            }
            return this;
        }

        /** @param value null for MCP's own resources; see {@link ClientOptions#dialect()} */
        public Builder dialect(ResourceDialect value) {
            this.dialect = value;
            return this;
        }

        /**
         * The dialect of that {@link ResourceDialect#id()} among those found through
         * {@link java.util.ServiceLoader} (a dialect module on the module or class path, such as
         * {@code dev.jmcp.dialect.gomcp} for {@code gomcp}).
         *
         * @param id never null
         * @throws IllegalArgumentException when no dialect has that id, naming the ids there are
         * @see ClientOptions#dialect()
         */
        public Builder dialect(String id) {
            this.dialect = ResourceDialect.named(id);
            return this;
        }

        /** @return the options */
        public ClientOptions build() {
            return new ClientOptions(this);
        }
    }
}
