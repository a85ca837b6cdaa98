package dev.jmcp.core.internal.transport;

import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import dev.jmcp.schema.lifecycle.RequestMetaKeys;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * The one owner of the rule that says which era a message belongs to: the handshake era
 * (2024-11-05 to 2025-11-25: {@code initialize} opens a session, which the later messages belong
 * to) or the stateless era (2026-07-28 and later: each request carries its revision and the
 * client's capabilities, and needs no session). The rule, in the order it is applied:
 * <ol>
 * <li>A revision the transport carries beside the message (Streamable HTTP's
 *     {@code MCP-Protocol-Version} header) that is not a handshake revision makes the message
 *     stateless, whatever else it carries, a session id included ({@link #statelessVersion}); a
 *     revision the server does not speak at all is then refused with the list of those it does
 *     ({@link #servedStatelessly}), not served in a session.</li>
 * <li>Otherwise a request or notification whose {@code params._meta} names a protocol version or
 *     the client's capabilities claims the stateless era ({@link #claimedBy(JsonObject)}), since
 *     no handshake-era message carries either there.</li>
 * <li>Everything else is the handshake era's, with its session.</li>
 * </ol>
 * Who calls it: the Netty transport's {@code SessionRouter} (the header, before the request is
 * tied to a session) and {@code PostHandler} (the body of a POST that the header left to the
 * handshake era), and {@code SessionEngine} for every request that reaches a session on any
 * transport (stdio included, which has no header). The revision lists derive from
 * {@link ProtocolVersions#usesHandshake}, the schema's one fact about each revision.
 */
public final class Era {
    /** The revisions that open a session with {@code initialize}, newest first; immutable. */
    public static final List<String> HANDSHAKE_VERSIONS = ProtocolVersions.SUPPORTED.stream()
            .filter(ProtocolVersions::usesHandshake).toList();
    /** The revisions served without a session, newest first; immutable. */
    public static final List<String> STATELESS_VERSIONS = ProtocolVersions.SUPPORTED.stream()
            .filter(version -> !ProtocolVersions.usesHandshake(version)).toList();

    private Era() {
    }

    /**
     * @param version a revision named beside the message (already trimmed); may be null
     * @return true when it names anything but a handshake revision: the message is stateless
     */
    public static boolean statelessVersion(String version) {
        return version != null && !HANDSHAKE_VERSIONS.contains(version);
    }

    /** @return whether the server speaks {@code version} without a session */
    public static boolean servedStatelessly(String version) {
        return STATELESS_VERSIONS.contains(version);
    }

    /** @return true when a request's {@code _meta} (may be null) claims the stateless era */
    public static boolean claimedBy(JsonObject meta) {
        return meta != null && (meta.containsKey(RequestMetaKeys.PROTOCOL_VERSION)
                || meta.containsKey(RequestMetaKeys.CLIENT_CAPABILITIES));
    }

    /** @return true when a body is a request or notification whose {@code _meta} claims the stateless era */
    public static boolean claimedBy(JsonRpcPayload payload) {
        Object params = payload instanceof JsonRpcRequest request ? request.params()
                : payload instanceof JsonRpcNotification notification ? notification.params() : null;
        return params != null && claimedBy(StatelessMeta.of(params));
    }
}
