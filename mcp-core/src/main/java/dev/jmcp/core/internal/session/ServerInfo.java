package dev.jmcp.core.internal.session;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ServerMetaKeys;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;

/** The server's identity in a 2026-07-28 result's {@code _meta}, which the spec only recommends. */
final class ServerInfo {
    /** What a client shows for a server that did not say who it is. */
    static final Implementation UNNAMED = Implementation.of("(unnamed server)", "");

    private ServerInfo() {
    }

    /** @return the identity in {@code meta}; {@link #UNNAMED} when absent or unreadable */
    static Implementation of(JsonObject meta) {
        if (meta == null || !(meta.get(ServerMetaKeys.SERVER_INFO) instanceof JsonObject info)) {
            return UNNAMED;
        }
        try {
            return McpCodec.defaults().readValue(info.toString().getBytes(StandardCharsets.UTF_8), Implementation.class);
        } catch (ProtocolException e) {
            return UNNAMED;
        }
    }
}
