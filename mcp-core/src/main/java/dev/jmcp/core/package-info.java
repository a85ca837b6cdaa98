/**
 * The public API of the MCP protocol engine: {@link dev.jmcp.core.McpServer}, which serves
 * resources from {@link dev.jmcp.core.spi.ResourceProvider}s over any transport, and
 * {@link dev.jmcp.core.McpClient}, which connects to a server and reads its resources. Both sit on
 * {@link dev.jmcp.core.session.ServerSession} and {@link dev.jmcp.core.session.ClientSession}.
 *
 * @since 0.1
 */
package dev.jmcp.core;
