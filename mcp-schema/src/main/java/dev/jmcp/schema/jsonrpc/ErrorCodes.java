package dev.jmcp.schema.jsonrpc;

/**
 * The JSON-RPC 2.0 error codes and the MCP-specific ones that jmcp sends or recognises.
 *
 * @since 0.1
 */
public final class ErrorCodes {
    /** Invalid JSON was received. */
    public static final int PARSE_ERROR = -32700;
    /** The JSON sent is not a valid request object. */
    public static final int INVALID_REQUEST = -32600;
    /** The method does not exist or is not available. */
    public static final int METHOD_NOT_FOUND = -32601;
    /** Invalid method parameters; also a resource that does not exist (SEP-2093). */
    public static final int INVALID_PARAMS = -32602;
    /** Internal JSON-RPC error. */
    public static final int INTERNAL_ERROR = -32603;
    /**
     * 2026-07-28: the HTTP headers of a request do not match its body, or a required header is
     * missing or malformed ({@code HeaderMismatchError}; HTTP 400).
     */
    public static final int HEADER_MISMATCH = -32020;
    /**
     * 2026-07-28: the request needs a capability the client did not declare in its
     * {@code _meta}; {@code data.requiredCapabilities} names it ({@code MissingRequiredClientCapabilityError}; HTTP 400).
     */
    public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
    /**
     * 2026-07-28: the server does not speak the revision the request names; {@code data.supported}
     * lists those it does and {@code data.requested} echoes the one asked for
     * ({@code UnsupportedProtocolVersionError}; HTTP 400).
     */
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;
    /**
     * The pre-SEP-2093 "resource not found" code of 2024-11-05. jmcp never sends it; clients treat
     * it like {@link #INVALID_PARAMS} with {@code data.uri}.
     */
    public static final int RESOURCE_NOT_FOUND_LEGACY = -32002;

    private ErrorCodes() {
    }
}
