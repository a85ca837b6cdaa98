package dev.jmcp.schema.lifecycle;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The server's answer to {@code initialize} (up to 2025-11-25). It has no {@code resultType}: no
 * revision that has the handshake defines one.
 *
 * @param protocolVersion the revision the server chose; never null
 * @param capabilities    what the server supports; never null
 * @param serverInfo      the server program; never null
 * @param instructions    hints for the model on how to use this server; may be null
 * @param meta            the {@code _meta} object; may be null
 * @since 0.1
 */
public record InitializeResult(
        String protocolVersion,
        ServerCapabilities capabilities,
        Implementation serverInfo,
        String instructions,
        JsonObject meta) {

    public InitializeResult {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(serverInfo, "serverInfo");
    }

    /** @return a result without instructions or {@code _meta} */
    public static InitializeResult of(String protocolVersion, ServerCapabilities capabilities,
            Implementation serverInfo) {
        return new InitializeResult(protocolVersion, capabilities, serverInfo, null, null);
    }
}
