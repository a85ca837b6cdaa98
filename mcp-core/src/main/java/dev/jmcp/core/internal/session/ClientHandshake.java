package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.core.session.UnsupportedProtocolVersionException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/** The client side of the {@code initialize} handshake. */
public final class ClientHandshake implements Lifecycle {
    /** The revisions a client can ask for with {@code initialize}, newest first. */
    public static final List<String> VERSIONS = Versions.HANDSHAKE;
    /** What a client asks for unless told otherwise. */
    public static final String DEFAULT_VERSION = Versions.NEWEST_HANDSHAKE;

    private final Implementation clientInfo;
    private final ClientCapabilities capabilities;
    private final String requestedVersion;
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile Negotiated negotiated;
    private SessionEngine engine;

    public ClientHandshake(Implementation clientInfo, ClientCapabilities capabilities, String requestedVersion) {
        this.clientInfo = Objects.requireNonNull(clientInfo, "clientInfo");
        this.capabilities = Objects.requireNonNull(capabilities, "capabilities");
        this.requestedVersion = Objects.requireNonNull(requestedVersion, "requestedVersion");
    }

    @Override
    public void attach(SessionEngine engine) {
        this.engine = engine;
    }

    /** Sends {@code initialize}, checks the chosen revision, then sends {@code notifications/initialized}. */
    public CompletableFuture<InitializeResult> initialize() {
        if (!started.compareAndSet(false, true)) {
            return CompletableFuture.failedFuture(
                    new IllegalStateException("initialize() was already called on this session"));
        }
        InitializeRequestParams params = InitializeRequestParams.of(requestedVersion, capabilities, clientInfo);
        return engine.lifecycleRequest(McpMethodNames.INITIALIZE, params, InitializeResult.class)
                .thenCompose(this::accept);
    }

    private CompletableFuture<InitializeResult> accept(InitializeResult result) {
        String offered = result.protocolVersion();
        if (!VERSIONS.contains(offered)) {
            UnsupportedProtocolVersionException failure =
                    new UnsupportedProtocolVersionException(requestedVersion, offered, VERSIONS);
            engine.close(failure);
            return CompletableFuture.failedFuture(failure);
        }
        // set before notifications/initialized leaves, so the server's first request is admitted
        negotiated = new Negotiated(offered, clientInfo, capabilities, result.serverInfo(), result.capabilities(),
                result.instructions());
        engine.notify(McpMethodNames.INITIALIZED, null);
        return CompletableFuture.completedFuture(result);
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
        return negotiated == null ? "received " + method + " before initialize completed" : null;
    }

    @Override
    public String refuseOutbound(String method) {
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
        // a pending initialize fails with the other outstanding requests
    }
}
