/**
 * The Streamable HTTP transport of MCP: {@link dev.jmcp.transport.netty.NettyHttpServer} serves it
 * on Netty, {@link dev.jmcp.transport.netty.StreamableHttpClientTransport} connects to it with the
 * JDK's HTTP client, and {@link dev.jmcp.transport.netty.StreamableHttpTransportProvider} makes
 * both for {@code http} and {@code https} URIs.
 *
 * @since 0.1
 */
package dev.jmcp.transport.netty;
