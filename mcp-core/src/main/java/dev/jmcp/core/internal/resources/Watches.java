package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ResourceListener;
import dev.jmcp.core.spi.ResourceProvider;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The watches a resources feature (MCP's, or a dialect's) holds on its providers: started for the
 * providers that report changes, and all stopped at once. Thread-safe.
 */
public final class Watches {
    private static final System.Logger LOG = System.getLogger(Watches.class.getName());

    private final List<AutoCloseable> open = new ArrayList<>();

    public Watches() {
    }

    /** Watches each of {@code providers} that reports updates or list changes, with the listener made for it. */
    public synchronized void start(List<ResourceProvider> providers, Function<ResourceProvider, ResourceListener> listener) {
        for (ResourceProvider provider : providers) {
            if (provider.reportsUpdates() || provider.reportsListChanges()) {
                open.add(provider.watch(listener.apply(provider)));
            }
        }
    }

    /** Stops every watch; a watch that fails to stop is logged, and the others are still stopped. */
    public synchronized void close() {
        for (AutoCloseable watch : open) {
            try {
                watch.close();
            } catch (Exception e) {
                LOG.log(Level.WARNING, "stopping a resource provider's watch failed", e);
            }
        }
        open.clear();
    }
}
