package dev.jmcp.transport.netty.internal.headers;

import dev.jmcp.core.internal.transport.StatelessMeta;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import java.util.List;

/**
 * Which era a POST to the MCP endpoint belongs to. A client of the stateless era (2026-07-28 and
 * later) names its revision in {@code MCP-Protocol-Version} on every POST, so a header that names
 * anything but a handshake revision makes the POST stateless, whatever else it carries; a POST
 * without such a header is stateless when its body's {@code _meta} says so. Everything else is the
 * handshake era's, with its sessions.
 */
public final class Era {
    /** The revisions that open a session with {@code initialize}: 2024-11-05 to 2025-11-25. */
    static final List<String> HANDSHAKE_VERSIONS = ProtocolVersions.SUPPORTED.stream()
            .filter(ProtocolVersions::usesHandshake).toList();

    private Era() {
    }

    /** @return true when an {@code MCP-Protocol-Version} header makes a request stateless */
    public static boolean statelessHeader(String protocolVersion) {
        return protocolVersion != null && !HANDSHAKE_VERSIONS.contains(HeaderValues.trim(protocolVersion));
    }

    /** @return true when a body is a request or notification whose {@code _meta} claims the stateless era */
    public static boolean statelessBody(JsonRpcPayload payload) {
        Object params = payload instanceof JsonRpcRequest request ? request.params()
                : payload instanceof JsonRpcNotification notification ? notification.params() : null;
        return params != null && StatelessMeta.claims(StatelessMeta.of(params));
    }

    /** @return whether the server speaks {@code version} without a session */
    public static boolean servedStatelessly(String version) {
        return StatelessMeta.statelessVersions().contains(version);
    }

    /**
     * @param requested the revision asked for
     * @param id        the request it answers; may be null
     * @return the {@code UnsupportedProtocolVersionError} (-32022) that lists what the server speaks
     */
    public static ProtocolException unsupported(String requested, RequestId id) {
        return StatelessMeta.unsupportedVersion(requested).withRequestId(id);
    }
}
