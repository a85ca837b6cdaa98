package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ResourceProvider;

/**
 * What a resources feature (MCP's, or a dialect's) hears of its providers' changes, through the
 * server's {@link ProviderLifecycle}: a server feature that implements it is told of every change.
 */
public interface ChangeListener {

    /** @param uri a resource of {@code provider} whose content or metadata changed */
    void updated(ResourceProvider provider, String uri);

    /** {@code provider}'s resources were added or removed. */
    void listChanged(ResourceProvider provider);
}
