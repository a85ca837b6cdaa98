package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.transport.Era;
import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.Negotiation;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.core.session.UnsupportedProtocolVersionException;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import dev.jmcp.schema.lifecycle.RequestMetaKeys;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The client's side of the lifecycle in both eras: the {@code initialize} handshake, or the
 * {@code server/discover} probe ({@link ClientDiscovery}) after which every request carries the
 * stateless {@code _meta} (2026-07-28).
 */
public final class ClientHandshake implements Lifecycle {
    /** The revisions a client can ask for with {@code initialize}, newest first. */
    public static final List<String> VERSIONS = Versions.HANDSHAKE;
    /** What a client asks for unless told otherwise. */
    public static final String DEFAULT_VERSION = Versions.NEWEST_HANDSHAKE;
    /** The stateless revisions a client can probe for, newest first. */
    static final List<String> STATELESS = Era.STATELESS_VERSIONS;

    private static final JsonProvider JSON = JsonRuntime.provider();

    private final Implementation clientInfo;
    private final ClientCapabilities capabilities;
    private final String requestedVersion;
    private final String initializedMethod;
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile Negotiated negotiated;
    private volatile Negotiation negotiation;
    /** What every request carries in {@code _meta} once a stateless revision was chosen; else null. */
    private volatile JsonObject statelessMeta;
    private SessionEngine engine;

    /** @param initializedMethod the notification that ends the handshake: {@code notifications/initialized} in MCP */
    public ClientHandshake(Implementation clientInfo, ClientCapabilities capabilities, String requestedVersion,
            String initializedMethod) {
        this.clientInfo = Objects.requireNonNull(clientInfo, "clientInfo");
        this.capabilities = Objects.requireNonNull(capabilities, "capabilities");
        this.requestedVersion = Objects.requireNonNull(requestedVersion, "requestedVersion");
        this.initializedMethod = Objects.requireNonNull(initializedMethod, "initializedMethod");
    }

    @Override
    public void attach(SessionEngine engine) {
        this.engine = engine;
    }

    /** Sends {@code initialize}, checks the chosen revision, then sends the initialized notification. */
    public CompletableFuture<InitializeResult> initialize() {
        if (!started.compareAndSet(false, true)) {
            return alreadyStarted();
        }
        return handshake(requestedVersion, "initialize asked for " + requestedVersion);
    }

    /** Chooses the era and revision as {@code how} says; see {@link VersionNegotiation}. */
    public CompletableFuture<Negotiation> negotiate(VersionNegotiation how) {
        Objects.requireNonNull(how, "how");
        if (!started.compareAndSet(false, true)) {
            return alreadyStarted();
        }
        String pinned = how.pinnedVersion();
        if (!how.probes()) {
            String version = pinned != null ? pinned : requestedVersion;
            String why = pinned != null ? "pinned to " + pinned : "VersionNegotiation.handshake()";
            return handshake(version, why + ": initialize asked for " + version).thenApply(result -> negotiation);
        }
        return probe(how, pinned != null ? pinned : STATELESS.get(0), pinned, true);
    }

    /** @param mayRetry whether a {@code -32022} that lists a stateless revision we speak gets one more probe */
    private CompletableFuture<Negotiation> probe(VersionNegotiation how, String version, String pinned,
            boolean mayRetry) {
        return ClientDiscovery.probe(engine, meta(version), how).thenCompose(outcome -> {
            if (outcome instanceof ClientDiscovery.Modern modern) {
                return adoptModern(modern, version, pinned);
            }
            if (outcome instanceof ClientDiscovery.Unsupported unsupported && mayRetry) {
                // the spec: select a mutually supported revision from the error's list and retry
                String retry = STATELESS.stream().filter(unsupported.supported()::contains)
                        .filter(v -> pinned == null || pinned.equals(v)).findFirst().orElse(null);
                if (retry != null) {
                    return probe(how, retry, pinned, false);
                }
            }
            if (pinned != null) {
                return failed(new McpException("pinned to " + pinned + ", but the server did not answer server/discover"
                        + " for it: " + describe(outcome)));
            }
            if (outcome instanceof ClientDiscovery.Unsupported unsupported) {
                return afterUnsupported(unsupported, version);
            }
            String reason = ((ClientDiscovery.Legacy) outcome).reason();
            return handshake(requestedVersion, reason + ": initialize asked for " + requestedVersion)
                    .thenApply(result -> negotiation);
        });
    }

    private CompletableFuture<Negotiation> adoptModern(ClientDiscovery.Modern modern, String probed, String pinned) {
        List<String> offered = modern.result().supportedVersions();
        String chosen = offered.contains(probed) ? probed
                : STATELESS.stream().filter(offered::contains).findFirst().orElse(null);
        if (chosen == null || pinned != null && !pinned.equals(chosen)) {
            if (pinned != null || VERSIONS.stream().noneMatch(offered::contains)) {
                return failed(new UnsupportedProtocolVersionException(probed, String.valueOf(offered),
                        pinned != null ? List.of(pinned) : ProtocolVersions.SUPPORTED));
            }
            return handshake(requestedVersion, "server/discover offered " + offered + ", no stateless revision this"
                    + " client speaks: initialize asked for " + requestedVersion).thenApply(result -> negotiation);
        }
        Implementation serverInfo = ServerInfo.of(modern.result().meta());
        statelessMeta = meta(chosen);
        negotiated = new Negotiated(chosen, clientInfo, capabilities, serverInfo, modern.result().capabilities(),
                modern.result().instructions());
        negotiation = new Negotiation(chosen, (pinned != null ? "pinned; " : "") + "server/discover offered "
                + offered);
        return CompletableFuture.completedFuture(negotiation);
    }

    /** A stateless server that refused the probed revision: speak a handshake revision it lists, if any. */
    private CompletableFuture<Negotiation> afterUnsupported(ClientDiscovery.Unsupported unsupported, String probed) {
        String legacy = VERSIONS.stream().filter(unsupported.supported()::contains).findFirst().orElse(null);
        if (legacy == null) {
            return failed(new UnsupportedProtocolVersionException(probed, String.valueOf(unsupported.supported()),
                    ProtocolVersions.SUPPORTED));
        }
        return handshake(legacy, "server/discover refused " + probed + " with -32022, listing "
                + unsupported.supported() + ": initialize asked for " + legacy).thenApply(result -> negotiation);
    }

    private static String describe(ClientDiscovery.Outcome outcome) {
        if (outcome instanceof ClientDiscovery.Unsupported unsupported) {
            return "-32022, it speaks " + unsupported.supported();
        }
        return ((ClientDiscovery.Legacy) outcome).reason();
    }

    private CompletableFuture<InitializeResult> handshake(String version, String reason) {
        InitializeRequestParams params = InitializeRequestParams.of(version, capabilities, clientInfo);
        return engine.lifecycleRequest(McpMethodNames.INITIALIZE, params, InitializeResult.class)
                .thenCompose(result -> accept(result, version, reason));
    }

    private CompletableFuture<InitializeResult> accept(InitializeResult result, String version, String reason) {
        String offered = result.protocolVersion();
        if (!VERSIONS.contains(offered)) {
            UnsupportedProtocolVersionException failure =
                    new UnsupportedProtocolVersionException(version, offered, VERSIONS);
            engine.close(failure);
            return CompletableFuture.failedFuture(failure);
        }
        negotiation = new Negotiation(offered, reason + (offered.equals(version) ? "" : ", the server chose " + offered));
        // set before notifications/initialized leaves, so the server's first request is admitted
        negotiated = new Negotiated(offered, clientInfo, capabilities, result.serverInfo(), result.capabilities(),
                result.instructions());
        // the handshake ends once the server has taken the notification: over HTTP each message is a POST
        // of its own, and a first request sent beside it could reach the server first, which a server
        // may refuse ("expected initialized"); a notification that could not be sent fails the next request
        return engine.notify(initializedMethod, null).handle((sent, failure) -> result);
    }

    private <T> CompletableFuture<T> failed(Throwable failure) {
        engine.close(failure);
        return CompletableFuture.failedFuture(failure);
    }

    private static <T> CompletableFuture<T> alreadyStarted() {
        return CompletableFuture.failedFuture(new IllegalStateException(
                "initialize() or negotiate() was already called on this session"));
    }

    /** @return the {@code _meta} of a stateless request of {@code version} */
    private JsonObject meta(String version) {
        return JSON.createObjectBuilder()
                .add(RequestMetaKeys.PROTOCOL_VERSION, version)
                .add(RequestMetaKeys.CLIENT_CAPABILITIES, Meta.toJson(capabilities))
                .add(RequestMetaKeys.CLIENT_INFO, Meta.toJson(clientInfo))
                .build();
    }

    /** @return how the revision was chosen; null before */
    public Negotiation negotiation() {
        return negotiation;
    }

    /** @return whether requests carry their own revision in {@code _meta} */
    public boolean isStateless() {
        return statelessMeta != null;
    }

    @Override
    public Object outboundParams(String method, Object params) {
        JsonObject meta = statelessMeta;
        // the caller's own _meta members win: a test or a proxy may need to send others
        return meta == null ? params : Meta.withMembers(params, meta, false);
    }

    @Override
    public JsonRpcMessage answer(JsonRpcRequest request) {
        return null;
    }

    @Override
    public boolean accept(JsonRpcNotification notification) {
        return false;
    }

    @Override
    public String refuseInbound(String method) {
        if (statelessMeta != null) {
            return "received " + method + " from a server of " + negotiated.protocolVersion()
                    + ", which asks for input with input_required results, not requests";
        }
        return negotiated == null ? "received " + method + " before initialize completed" : null;
    }

    @Override
    public String refuseOutbound(String method) {
        if (statelessMeta != null) {
            return StatelessServer.isRemoved(method) ? "cannot send " + method + ": it is not a method of "
                    + negotiated.protocolVersion() + " (" + negotiation.reason() + ")" : null;
        }
        if (McpMethodNames.PING.equals(method) || negotiated != null) {
            return null;
        }
        return "cannot send " + method + " before initialize completes; call ClientSession.initialize() first";
    }

    @Override
    public Negotiated negotiated() {
        return negotiated;
    }

    @Override
    public void closed(SessionClosedException reason) {
        // a pending initialize or probe fails with the other outstanding requests
    }
}
