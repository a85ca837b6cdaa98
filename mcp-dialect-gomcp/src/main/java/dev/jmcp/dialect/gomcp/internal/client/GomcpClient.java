package dev.jmcp.dialect.gomcp.internal.client;

import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import dev.jmcp.core.internal.resources.ClientUpdates;
import dev.jmcp.core.resources.ClientResources;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.spi.ResourceDialect;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Duration;

/**
 * The client side of the gomcp dialect for one connection: the {@code initialize} handshake pinned
 * to 2025-03-26 and ended with the bare {@code initialized}, the change notifications under both
 * their names (read as JSON: gomcp's {@code notifications/resources/updated} carries a whole
 * {@code resource}, not MCP's {@code uri}), and the resources read in gomcp's methods.
 */
public final class GomcpClient implements ResourceDialect.Client {
    private static final System.Logger LOG = System.getLogger(GomcpClient.class.getName());

    private final Duration callTimeout;
    private final ClientUpdates listeners = new ClientUpdates();

    /** @param callTimeout how long each synchronous call waits */
    public GomcpClient(Duration callTimeout) {
        this.callTimeout = callTimeout;
    }

    @Override
    public VersionNegotiation negotiation() {
        return VersionNegotiation.pinned(GomcpProtocol.PROTOCOL_VERSION);
    }

    @Override
    public void register(ClientSession.Builder session) {
        session.initializedNotification(GomcpProtocol.INITIALIZED)
                .notificationHandler(GomcpProtocol.UPDATED, this::changed).jsonParams(GomcpProtocol.UPDATED)
                .notificationHandler(GomcpProtocol.CONTENT_CHANGED, this::changed).jsonParams(GomcpProtocol.CONTENT_CHANGED)
                .notificationHandler(GomcpProtocol.LIST_CHANGED, (params, from) -> listeners.listChanged());
    }

    @Override
    public ClientResources bind(ClientSession session) {
        return new GomcpResources(session, callTimeout, listeners);
    }

    /** {@code {resource: {uri, ...}}}; a bare {@code {uri}} (MCP's shape) is taken too. */
    private void changed(Object params, McpSession from) {
        JsonObject object = params instanceof JsonObject json ? json : null;
        JsonObject resource = object != null && object.get("resource") instanceof JsonObject inner ? inner : object;
        if (resource != null && resource.get("uri") instanceof JsonString uri) {
            listeners.updated(uri.getString());
        } else {
            LOG.log(System.Logger.Level.DEBUG, "a change notification without a resource URI: {0}", params);
        }
    }
}
