package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** The server side of the {@code initialize} handshake. */
public final class ServerHandshake implements Lifecycle {
    /**
     * The name gomcp's clients give {@code notifications/initialized}: accepted as the same
     * notification, since a session that never completes its handshake can be sent no notification
     * (and no other SDK sends a notification of that name for anything else).
     */
    public static final String BARE_INITIALIZED = "initialized";

    private static final System.Logger LOG = System.getLogger(ServerHandshake.class.getName());

    private final Implementation serverInfo;
    private final ServerCapabilities capabilities;
    private final String instructions;
    private final CompletableFuture<Negotiated> initialized = new CompletableFuture<>();
    private volatile Negotiated negotiated;

    public ServerHandshake(Implementation serverInfo, ServerCapabilities capabilities, String instructions) {
        this.serverInfo = Objects.requireNonNull(serverInfo, "serverInfo");
        this.capabilities = Objects.requireNonNull(capabilities, "capabilities");
        this.instructions = instructions;
    }

    /** @return completes when the client has sent {@code notifications/initialized} (or the bare {@code initialized}) */
    public CompletableFuture<Negotiated> initialized() {
        return initialized;
    }

    @Override
    public void attach(SessionEngine engine) {
        // the server never starts the handshake, so it needs nothing from the engine
    }

    @Override
    public JsonRpcMessage answer(JsonRpcRequest request) {
        if (!McpMethodNames.INITIALIZE.equals(request.method())) {
            return null;
        }
        Negotiated current = negotiated;
        if (current != null) {
            return error(request, ErrorCodes.INVALID_REQUEST,
                    "initialize was already received; this session uses " + current.protocolVersion());
        }
        if (!(request.params() instanceof InitializeRequestParams params)) {
            return error(request, ErrorCodes.INVALID_PARAMS,
                    "initialize needs params with protocolVersion, capabilities and clientInfo");
        }
        String version = Versions.choose(params.protocolVersion());
        if (!version.equals(params.protocolVersion())) {
            LOG.log(Level.DEBUG, "client asked for protocol version {0}; answering with {1}",
                    params.protocolVersion(), version);
        }
        // set before the answer leaves, so the client's next request is already admitted
        negotiated = new Negotiated(version, params.clientInfo(), params.capabilities(), serverInfo, capabilities,
                instructions);
        return new JsonRpcResultResponse(request.id(),
                new InitializeResult(version, capabilities, serverInfo, instructions, null));
    }

    @Override
    public boolean accept(JsonRpcNotification notification) {
        if (!McpMethodNames.INITIALIZED.equals(notification.method())
                && !BARE_INITIALIZED.equals(notification.method())) {
            return false;
        }
        Negotiated current = negotiated;
        if (current == null) {
            LOG.log(Level.WARNING, "ignoring {0} that arrived before initialize", notification.method());
        } else {
            initialized.complete(current);
        }
        return true;
    }

    @Override
    public String refuseInbound(String method) {
        return negotiated == null ? "received " + method + " before initialize" : null;
    }

    @Override
    public String refuseOutbound(String method) {
        // the spec allows pings (and logging, a notification) before notifications/initialized
        if (McpMethodNames.PING.equals(method) || initialized.isDone()) {
            return null;
        }
        return "cannot send " + method + " before the client has sent notifications/initialized";
    }

    @Override
    public Negotiated negotiated() {
        return negotiated;
    }

    @Override
    public void closed(SessionClosedException reason) {
        initialized.completeExceptionally(reason);
    }

    private static JsonRpcErrorResponse error(JsonRpcRequest request, int code, String message) {
        return new JsonRpcErrorResponse(request.id(), new JsonRpcError(code, message, null));
    }
}
