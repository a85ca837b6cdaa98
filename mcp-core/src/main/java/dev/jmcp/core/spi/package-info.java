/**
 * The extension points of the protocol core: what a transport ({@link dev.jmcp.core.spi.TransportProvider},
 * {@link dev.jmcp.core.spi.McpTransport}), a source of resources
 * ({@link dev.jmcp.core.spi.ResourceProvider}, made by a {@link dev.jmcp.core.spi.ResourceProviderFactory}
 * when discovered) or a feature besides resources ({@link dev.jmcp.core.spi.ServerFeature})
 * implements; what the engine hands a provider ({@link dev.jmcp.core.spi.Caller},
 * {@link dev.jmcp.core.spi.Listing}, {@link dev.jmcp.core.spi.ReadContext},
 * {@link dev.jmcp.core.spi.ResourceChanges}); and the address forms a client and a transport agree
 * on, such as {@code stdio:} command lines ({@link dev.jmcp.core.spi.StdioTargets}). Helpers for
 * writing a provider are in {@code dev.jmcp.core.providers}.
 *
 * @since 0.1
 */
package dev.jmcp.core.spi;
