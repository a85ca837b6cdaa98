package dev.jmcp.core.internal.transport;

import dev.jmcp.core.internal.session.JsonKind;
import dev.jmcp.core.internal.session.StatelessServer;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.LoggingLevel;
import dev.jmcp.schema.lifecycle.RequestMetaKeys;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * The rules of a stateless request's {@code _meta} (2026-07-28), for transports that must apply
 * them before the session sees the request: Streamable HTTP compares the body's revision with the
 * {@code MCP-Protocol-Version} header, and answers a malformed {@code _meta} with HTTP 400. The
 * session applies the same rules to requests that arrive any other way.
 *
 * @since 0.1
 */
public final class StatelessMeta {
    private StatelessMeta() {
    }


    /** @return every revision a dual-era server speaks, newest first, as {@code server/discover} lists them */
    public static List<String> supportedVersions() {
        return StatelessServer.supportedVersions();
    }

    /**
     * @return true for a method of the handshake revisions that 2026-07-28 removed ({@code initialize},
     *         {@code ping}, {@code logging/setLevel}, {@code resources/subscribe},
     *         {@code resources/unsubscribe}): a stateless request of it is answered {@code -32601},
     *         also when its params are not those the handshake revisions required
     */
    public static boolean isRemovedMethod(String method) {
        return StatelessServer.isRemoved(method);
    }

    /**
     * @param params a request's params: a schema record or a {@link JsonObject}; may be null
     * @return its {@code _meta}; null when there is none
     */
    public static JsonObject of(Object params) {
        return StatelessServer.metaOf(params);
    }


    /** @return the revision {@code meta} names when it is a string; else null */
    public static String protocolVersion(JsonObject meta) {
        JsonValue value = meta == null ? null : meta.get(RequestMetaKeys.PROTOCOL_VERSION);
        return value instanceof JsonString text ? text.getString() : null;
    }

    /**
     * Checks the members every stateless request must carry and the optional ones it may: the
     * revision (a string), the client's capabilities (an object), its identity (an object with a
     * name and a version) and the log level (one of the eight). Whether the revision is one the
     * server speaks is not checked here.
     *
     * @param meta the request's {@code _meta}; may be null
     * @return null when it is well-formed, else the {@code -32602} error that names the member
     */
    public static ProtocolException check(JsonObject meta) {
        if (meta == null) {
            return invalidParams("params._meta is required on a request of a stateless revision "
                    + Era.STATELESS_VERSIONS + ": it carries " + RequestMetaKeys.PROTOCOL_VERSION + " and "
                    + RequestMetaKeys.CLIENT_CAPABILITIES);
        }
        JsonValue version = meta.get(RequestMetaKeys.PROTOCOL_VERSION);
        if (!(version instanceof JsonString)) {
            return invalid(RequestMetaKeys.PROTOCOL_VERSION, version == null
                    ? "is required on a request without a session (the stateless revisions: " + Era.STATELESS_VERSIONS + ")"
                    : "must be a string, was " + JsonKind.of(version));
        }
        JsonValue capabilities = meta.get(RequestMetaKeys.CLIENT_CAPABILITIES);
        if (capabilities == null) {
            return invalid(RequestMetaKeys.CLIENT_CAPABILITIES, "is required on every request of "
                    + ((JsonString) version).getString() + " (an empty object declares no capabilities)");
        }
        if (!(capabilities instanceof JsonObject)) {
            return invalid(RequestMetaKeys.CLIENT_CAPABILITIES, "must be an object, was " + JsonKind.of(capabilities));
        }
        JsonValue info = meta.get(RequestMetaKeys.CLIENT_INFO);
        if (info != null && info != JsonValue.NULL && (!(info instanceof JsonObject object)
                || !(object.get("name") instanceof JsonString) || !(object.get("version") instanceof JsonString))) {
            return invalid(RequestMetaKeys.CLIENT_INFO, "must be an object with string members name and version");
        }
        JsonValue level = meta.get(RequestMetaKeys.LOG_LEVEL);
        if (level != null && level != JsonValue.NULL && logLevel(level) == null) {
            return invalid(RequestMetaKeys.LOG_LEVEL, "must be one of debug, info, notice, warning, error, "
                    + "critical, alert, emergency; was " + level);
        }
        return null;
    }

    /**
     * @param requested the revision a request named; never null
     * @return the {@code UnsupportedProtocolVersionError} ({@code -32022}) for it, whose
     *         {@code data.supported} lists what the server speaks as {@code server/discover} does and
     *         whose {@code data.requested} echoes {@code requested}; its message says what to do
     *         when {@code requested} is a handshake revision
     */
    public static ProtocolException unsupportedVersion(String requested) {
        return StatelessServer.unsupportedVersion(requested);
    }

    /** @return the level {@code value} names; null when it names none */
    public static LoggingLevel logLevel(JsonValue value) {
        if (value instanceof JsonString text) {
            for (LoggingLevel level : LoggingLevel.values()) {
                if (level.name().toLowerCase(Locale.ROOT).equals(text.getString())) {
                    return level;
                }
            }
        }
        return null;
    }

    private static ProtocolException invalid(String key, String why) {
        return StatelessServer.invalidMeta(key, why);
    }

    private static ProtocolException invalidParams(String message) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, message);
    }
}
