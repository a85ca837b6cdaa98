package dev.jmcp.transport.netty.internal.headers;

import dev.jmcp.core.internal.transport.StatelessMeta;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The standard headers of a client's 2026-07-28 POST, taken from the request's body as the
 * transport spec says: {@code MCP-Protocol-Version} (the {@code _meta} revision), {@code Mcp-Method},
 * and {@code Mcp-Name} ({@code params.name} or {@code params.uri}, in the Base64 sentinel when it
 * cannot be a plain header value). The server's side of the same rules is {@link StatelessHeaders}.
 */
public final class StatelessRequestHeaders {
    private StatelessRequestHeaders() {
    }

    /**
     * @return the headers by name, in the order to send them; empty for a message that is not a
     *         request carrying a stateless revision in {@code _meta}
     */
    public static Map<String, String> of(JsonRpcPayload payload) {
        if (!(payload instanceof JsonRpcRequest request)) {
            return Map.of();
        }
        String version = StatelessMeta.protocolVersion(StatelessMeta.of(request.params()));
        if (version == null) {
            return Map.of();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("MCP-Protocol-Version", version);
        headers.put("Mcp-Method", request.method());
        String member = StatelessHeaders.nameMember(request.method());
        String name = member == null ? null : ParamsMembers.string(request.params(), member);
        if (name != null) {
            headers.put("Mcp-Name", HeaderValues.encode(name));
        }
        return headers;
    }
}
