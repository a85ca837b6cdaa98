/**
 * The extension points of the protocol core: what a transport ({@link dev.jmcp.core.spi.TransportProvider},
 * {@link dev.jmcp.core.spi.McpTransport}), a source of resources
 * ({@link dev.jmcp.core.spi.ResourceProvider}) or a feature besides resources
 * ({@link dev.jmcp.core.spi.ServerFeature}) implements; and the address forms a client and a
 * transport agree on, such as {@code stdio:} command lines ({@link dev.jmcp.core.spi.StdioTargets}).
 *
 * @since 0.1
 */
package dev.jmcp.core.spi;
