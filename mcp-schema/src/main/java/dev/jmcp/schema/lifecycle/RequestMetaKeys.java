package dev.jmcp.schema.lifecycle;

/**
 * The {@code _meta} keys a request may carry. From 2026-07-28 every request states its revision and
 * the client's capabilities this way, since there is no handshake to remember them.
 *
 * @since 0.1
 */
public final class RequestMetaKeys {
    /** The revision of this request, a string; required on every 2026-07-28 request. */
    public static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    /** The client's {@link ClientCapabilities}; required on every 2026-07-28 request. */
    public static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    /** The client's {@link Implementation}; recommended on every 2026-07-28 request. */
    public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    /**
     * The lowest {@link LoggingLevel} the client wants for this request (2026-07-28); without it
     * the server sends no log messages for the request.
     */
    public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";
    /** Asks for progress notifications that repeat this token (every revision). */
    public static final String PROGRESS_TOKEN = "progressToken";
    /** W3C trace context, reserved for OpenTelemetry (2026-07-28). */
    public static final String TRACEPARENT = "traceparent";
    /** W3C trace context vendor state, reserved for OpenTelemetry (2026-07-28). */
    public static final String TRACESTATE = "tracestate";
    /** W3C baggage, reserved for OpenTelemetry (2026-07-28). */
    public static final String BAGGAGE = "baggage";

    private RequestMetaKeys() {
    }
}
