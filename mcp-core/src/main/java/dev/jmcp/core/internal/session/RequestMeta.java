package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.transport.StatelessMeta;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.LoggingLevel;
import dev.jmcp.schema.lifecycle.RequestMetaKeys;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;

/**
 * What a stateless (2026-07-28) request says about itself in {@code _meta}: its revision, the
 * client's capabilities and identity, and the log level it wants. Read and checked once per
 * request; the capabilities and identity are decoded into records only when a handler asks.
 */
final class RequestMeta {
    private final String protocolVersion;
    private final JsonObject capabilities;
    private final JsonObject clientInfo;
    private final LoggingLevel logLevel;
    private volatile ClientCapabilities decodedCapabilities;
    private volatile Implementation decodedClientInfo;

    private RequestMeta(String protocolVersion, JsonObject capabilities, JsonObject clientInfo, LoggingLevel logLevel) {
        this.protocolVersion = protocolVersion;
        this.capabilities = capabilities;
        this.clientInfo = clientInfo;
        this.logLevel = logLevel;
    }

    /**
     * Reads the members of a stateless request's {@code _meta}.
     *
     * @throws ProtocolException {@code -32602} naming the member that is missing or malformed
     */
    static RequestMeta read(JsonObject meta) {
        ProtocolException malformed = StatelessMeta.check(meta);
        if (malformed != null) {
            throw malformed;
        }
        JsonValue info = meta.get(RequestMetaKeys.CLIENT_INFO);
        return new RequestMeta(StatelessMeta.protocolVersion(meta), meta.getJsonObject(RequestMetaKeys.CLIENT_CAPABILITIES),
                info instanceof JsonObject object ? object : null, StatelessMeta.logLevel(meta.get(RequestMetaKeys.LOG_LEVEL)));
    }

    String protocolVersion() {
        return protocolVersion;
    }

    LoggingLevel logLevel() {
        return logLevel;
    }

    ClientCapabilities clientCapabilities() {
        ClientCapabilities decoded = decodedCapabilities;
        if (decoded == null) {
            decoded = decode(capabilities, ClientCapabilities.class, RequestMetaKeys.CLIENT_CAPABILITIES);
            decodedCapabilities = decoded;
        }
        return decoded;
    }

    Implementation clientInfo() {
        if (clientInfo == null) {
            return null;
        }
        Implementation decoded = decodedClientInfo;
        if (decoded == null) {
            decoded = decode(clientInfo, Implementation.class, RequestMetaKeys.CLIENT_INFO);
            decodedClientInfo = decoded;
        }
        return decoded;
    }

    private static <T> T decode(JsonObject json, Class<T> type, String key) {
        try {
            return McpCodec.defaults().readValue(json.toString().getBytes(StandardCharsets.UTF_8), type);
        } catch (ProtocolException e) {
            throw StatelessServer.invalidMeta(key, "could not be read: " + e.getMessage());
        }
    }
}
