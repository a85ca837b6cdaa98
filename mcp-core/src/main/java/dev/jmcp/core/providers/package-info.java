/**
 * Ready-made {@link dev.jmcp.core.spi.ResourceProvider}s and the helpers to write one:
 * {@link dev.jmcp.core.providers.InMemoryResourceProvider} for resources registered in code,
 * {@link dev.jmcp.core.providers.FileSystemResourceProvider} for a folder on disk, the
 * {@link dev.jmcp.core.providers.TreeResourceProvider} base for any tree of named entries, the URI
 * path codec {@link dev.jmcp.core.providers.UriPaths}, {@link dev.jmcp.core.providers.MimeTypes}
 * and the error shapes of {@link dev.jmcp.core.providers.ResourceErrors}.
 *
 * @since 0.1
 */
package dev.jmcp.core.providers;
