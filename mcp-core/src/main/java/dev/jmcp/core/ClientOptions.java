package dev.jmcp.core;

import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.SessionSettings;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.lifecycle.Implementation;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How {@link McpClient} connects.
 *
 * @param clientInfo         the client program, sent as {@code clientInfo}; never null
 * @param protocolVersion    the revision {@code initialize} asks for, one of {@link ClientSession#SUPPORTED_VERSIONS},
 *                           when the negotiation ends in the handshake; never null
 * @param callTimeout        how long each call of the synchronous API waits for its answer, after
 *                           which it fails with {@link dev.jmcp.core.session.RequestTimeoutException}
 *                           and the server is told to stop; never null, positive
 * @param sessionSettings    the session's limits; never null
 * @param transportProviders the providers that {@link McpClient#connect(java.net.URI, ClientOptions)}
 *                           chooses from; empty for those found through {@link java.util.ServiceLoader};
 *                           never null
 * @param limits             the codec limits for what the server sends, handed to the transport
 *                           provider by {@link McpClient#connect(java.net.URI, ClientOptions)}
 *                           ({@link TransportProvider#connect(java.net.URI, dev.jmcp.core.spi.ConnectOptions)});
 *                           null to leave the provider's own ({@link CodecLimits#DEFAULTS} for the
 *                           providers found through {@link java.util.ServiceLoader}). A transport
 *                           passed to {@link McpClient#connect(dev.jmcp.core.spi.McpTransport, ClientOptions)}
 *                           already has its codec, and keeps it. May be null
 * @param blobSink           where the blobs the server sends go, handed to the transport provider
 *                           like {@code limits}; null to keep them in memory
 *                           ({@link BlobSink#IN_MEMORY}). A client that reads large blobs gives
 *                           {@link BlobSink#spillToFiles} and raises {@code limits}' maxMessageBytes.
 *                           May be null
 * @param versionNegotiation how the revision is chosen: {@link VersionNegotiation#auto()} by default
 *                           ({@code server/discover} first, {@code initialize} for older servers),
 *                           pinned, or the handshake only; never null
 * @param maxInputRounds     how many times a 2026-07-28 request answered with {@code input_required}
 *                           is retried with the answers of the registered handlers; at least 1
 * @param maxCachedResults   how many results of {@link McpClient#resources()} the client keeps for
 *                           reuse while the server's caching hints ({@code ttlMs}, 2026-07-28) say
 *                           they are fresh; 0 switches the cache off; not negative
 * @since 0.1
 */
public record ClientOptions(
        Implementation clientInfo,
        String protocolVersion,
        Duration callTimeout,
        SessionSettings sessionSettings,
        List<TransportProvider> transportProviders,
        CodecLimits limits,
        BlobSink blobSink,
        VersionNegotiation versionNegotiation,
        int maxInputRounds,
        int maxCachedResults) {

    /** 30 seconds. */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(30);
    /** 256 results: listings and reads of text, each bounded by the codec's limits. */
    public static final int DEFAULT_MAX_CACHED_RESULTS = 256;

    public ClientOptions {
        Objects.requireNonNull(clientInfo, "clientInfo");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        if (!ClientSession.SUPPORTED_VERSIONS.contains(protocolVersion)) {
            throw new IllegalArgumentException("protocolVersion must be one of " + ClientSession.SUPPORTED_VERSIONS
                    + ", was " + protocolVersion);
        }
        Objects.requireNonNull(callTimeout, "callTimeout");
        if (callTimeout.isZero() || callTimeout.isNegative()) {
            throw new IllegalArgumentException("callTimeout must be positive, was " + callTimeout);
        }
        Objects.requireNonNull(sessionSettings, "sessionSettings");
        transportProviders = List.copyOf(transportProviders);
        Objects.requireNonNull(versionNegotiation, "versionNegotiation");
        if (maxInputRounds < 1) {
            throw new IllegalArgumentException("maxInputRounds must be >= 1, was " + maxInputRounds);
        }
        if (maxCachedResults < 0) {
            throw new IllegalArgumentException("maxCachedResults must be >= 0, was " + maxCachedResults);
        }
    }

    /**
     * @return options with client info {@code jmcp-client}, the newest revision, the default timeouts
     *         and the transport providers' own limits
     */
    public static ClientOptions defaults() {
        return new ClientOptions(Implementation.of("jmcp-client", "0.1"), ClientSession.SUPPORTED_VERSIONS.get(0),
                DEFAULT_CALL_TIMEOUT, SessionSettings.DEFAULTS, List.of(), null, null, VersionNegotiation.auto(),
                ClientSession.DEFAULT_MAX_INPUT_ROUNDS, DEFAULT_MAX_CACHED_RESULTS);
    }

    /** @return these options with another client info */
    public ClientOptions withClientInfo(Implementation value) {
        return new ClientOptions(value, protocolVersion, callTimeout, sessionSettings, transportProviders, limits,
                blobSink, versionNegotiation, maxInputRounds, maxCachedResults);
    }

    /** @return these options with another protocol revision */
    public ClientOptions withProtocolVersion(String value) {
        return new ClientOptions(clientInfo, value, callTimeout, sessionSettings, transportProviders, limits,
                blobSink, versionNegotiation, maxInputRounds, maxCachedResults);
    }

    /** @return these options with another call timeout */
    public ClientOptions withCallTimeout(Duration value) {
        return new ClientOptions(clientInfo, protocolVersion, value, sessionSettings, transportProviders, limits,
                blobSink, versionNegotiation, maxInputRounds, maxCachedResults);
    }

    /** @return these options with other session settings */
    public ClientOptions withSessionSettings(SessionSettings value) {
        return new ClientOptions(clientInfo, protocolVersion, callTimeout, value, transportProviders, limits,
                blobSink, versionNegotiation, maxInputRounds, maxCachedResults);
    }

    /** @return these options choosing only from these transport providers */
    public ClientOptions withTransportProviders(List<TransportProvider> value) {
        return new ClientOptions(clientInfo, protocolVersion, callTimeout, sessionSettings, value, limits,
                blobSink, versionNegotiation, maxInputRounds, maxCachedResults);
    }

    /** @return these options with another blob sink for a connection by URI; null to keep blobs in memory */
    public ClientOptions withBlobSink(BlobSink value) {
        return new ClientOptions(clientInfo, protocolVersion, callTimeout, sessionSettings, transportProviders, limits,
                value, versionNegotiation, maxInputRounds, maxCachedResults);
    }

    /** @return these options with other codec limits for a connection by URI; null for the provider's own */
    public ClientOptions withLimits(CodecLimits value) {
        return new ClientOptions(clientInfo, protocolVersion, callTimeout, sessionSettings, transportProviders, value,
                blobSink, versionNegotiation, maxInputRounds, maxCachedResults);
    }

    /** @return these options with another way of choosing the revision */
    public ClientOptions withVersionNegotiation(VersionNegotiation value) {
        return new ClientOptions(clientInfo, protocolVersion, callTimeout, sessionSettings, transportProviders, limits,
                blobSink, value, maxInputRounds, maxCachedResults);
    }

    /** @return these options with another bound on {@code input_required} rounds per request */
    public ClientOptions withMaxInputRounds(int value) {
        return new ClientOptions(clientInfo, protocolVersion, callTimeout, sessionSettings, transportProviders, limits,
                blobSink, versionNegotiation, value, maxCachedResults);
    }

    /** @return these options keeping at most this many fresh results; 0 switches the cache off */
    public ClientOptions withMaxCachedResults(int value) {
        return new ClientOptions(clientInfo, protocolVersion, callTimeout, sessionSettings, transportProviders, limits,
                blobSink, versionNegotiation, maxInputRounds, value);
    }
}
