package dev.jmcp.transport.netty.internal.headers;

import io.netty.util.AsciiString;

/** The header names of the Streamable HTTP transport. Header names are compared without case. */
public final class McpHeaders {
    /** {@code Mcp-Session-Id}. */
    public static final AsciiString SESSION_ID = AsciiString.cached("mcp-session-id");
    /** {@code MCP-Protocol-Version}. */
    public static final AsciiString PROTOCOL_VERSION = AsciiString.cached("mcp-protocol-version");
    /** {@code Mcp-Method}: a 2026-07-28 request's method, repeated for intermediaries. */
    public static final AsciiString METHOD = AsciiString.cached("mcp-method");
    /** {@code Mcp-Name}: a 2026-07-28 request's {@code params.name} or {@code params.uri}, repeated. */
    public static final AsciiString NAME = AsciiString.cached("mcp-name");
    /** {@code Last-Event-ID}. */
    public static final AsciiString LAST_EVENT_ID = AsciiString.cached("last-event-id");
    /** {@code X-Accel-Buffering}: {@code no} asks proxies not to buffer an SSE stream. */
    public static final AsciiString X_ACCEL_BUFFERING = AsciiString.cached("x-accel-buffering");
    /** {@code text/event-stream}. */
    public static final String EVENT_STREAM = "text/event-stream";
    /** {@code application/json}. */
    public static final String JSON = "application/json";

    private McpHeaders() {
    }
}
