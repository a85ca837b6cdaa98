/**
 * MCP sessions over any {@link dev.jmcp.core.spi.McpTransport}: {@link dev.jmcp.core.session.ServerSession}
 * and {@link dev.jmcp.core.session.ClientSession}, the handler interfaces features plug into, and
 * the exceptions that outbound requests fail with.
 *
 * @since 0.1
 */
package dev.jmcp.core.session;
