package dev.jmcp.schema.lifecycle;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * The params of {@code initialize}, the handshake of the revisions up to 2025-11-25.
 *
 * @param protocolVersion the newest revision the client speaks; never null
 * @param capabilities    what the client supports; never null
 * @param clientInfo      the client program; never null
 * @param meta            the {@code _meta} object; may be null
 * @since 0.1
 */
public record InitializeRequestParams(
        String protocolVersion,
        ClientCapabilities capabilities,
        Implementation clientInfo,
        JsonObject meta) {

    public InitializeRequestParams {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(clientInfo, "clientInfo");
    }

    /** @return params without {@code _meta} */
    public static InitializeRequestParams of(String protocolVersion, ClientCapabilities capabilities,
            Implementation clientInfo) {
        return new InitializeRequestParams(protocolVersion, capabilities, clientInfo, null);
    }
}
