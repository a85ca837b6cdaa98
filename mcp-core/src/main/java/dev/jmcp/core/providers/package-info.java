/**
 * Ready-made {@link dev.jmcp.core.spi.ResourceProvider}s: {@link dev.jmcp.core.providers.InMemoryResourceProvider}
 * for resources registered in code, and {@link dev.jmcp.core.providers.FileSystemResourceProvider}
 * for a folder on disk, which is also found through {@link java.util.ServiceLoader} and then serves
 * the folder that the system property {@code jmcp.filesystem.root} names.
 *
 * @since 0.1
 */
package dev.jmcp.core.providers;
