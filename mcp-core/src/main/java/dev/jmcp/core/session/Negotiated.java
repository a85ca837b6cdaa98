package dev.jmcp.core.session;

import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import java.util.Objects;

/**
 * What the {@code initialize} handshake settled, the same on both sides.
 *
 * @param protocolVersion    the revision in use; never null
 * @param clientInfo         the client program; never null
 * @param clientCapabilities what the client supports; never null
 * @param serverInfo         the server program; never null
 * @param serverCapabilities what the server supports; never null
 * @param instructions       the server's hints for the model; may be null
 * @since 0.1
 */
public record Negotiated(
        String protocolVersion,
        Implementation clientInfo,
        ClientCapabilities clientCapabilities,
        Implementation serverInfo,
        ServerCapabilities serverCapabilities,
        String instructions) {

    public Negotiated {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(clientInfo, "clientInfo");
        Objects.requireNonNull(clientCapabilities, "clientCapabilities");
        Objects.requireNonNull(serverInfo, "serverInfo");
        Objects.requireNonNull(serverCapabilities, "serverCapabilities");
    }
}
