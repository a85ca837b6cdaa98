package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.core.spi.ResourceProvider;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The server's side of its providers' lifecycle: it starts each provider once, with a sink that
 * fans the provider's changes out to every {@link ChangeListener} (MCP's resources feature, a
 * dialect's), and closes each provider once, when the server closes. Thread-safe.
 */
public final class ProviderLifecycle implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ProviderLifecycle.class.getName());

    private final List<ResourceProvider> providers;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    private final List<ResourceProvider> started = new ArrayList<>(); // guarded by this
    private boolean closed; // guarded by this

    /** @param providers the server's providers, in order */
    public ProviderLifecycle(List<ResourceProvider> providers) {
        this.providers = List.copyOf(providers);
    }

    /** Adds a listener of every provider's changes; before {@link #start()}, so that nothing is missed. */
    public void listen(ChangeListener listener) {
        listeners.add(listener);
    }

    /**
     * Starts every provider, in order, each with its own sink.
     *
     * @throws IllegalStateException when one refuses to start, naming it; those started before it
     *                               are closed again
     */
    public synchronized void start() {
        for (ResourceProvider provider : providers) {
            try {
                provider.start(new Sink(provider));
            } catch (RuntimeException e) {
                close();
                throw new IllegalStateException("resource provider '" + provider.id() + "' (" + provider.getClass().getName()
                        + ") failed to start: " + e.getMessage(), e);
            }
            started.add(provider);
        }
    }

    /** Closes every started provider once, in reverse order; a failure is logged and the others are still closed. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = started.size() - 1; i >= 0; i--) {
            ResourceProvider provider = started.get(i);
            try {
                provider.close();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "closing resource provider ''" + provider.id() + "'' failed", e);
            }
        }
        started.clear();
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /** One provider's sink: never throws into the provider, and goes quiet once the server closed. */
    private final class Sink implements ResourceChanges {
        private final ResourceProvider provider;

        Sink(ResourceProvider provider) {
            this.provider = provider;
        }

        @Override
        public void updated(String uri) {
            if (uri == null) {
                LOG.log(Level.WARNING, "resource provider ''{0}'' reported an update without a URI", provider.id());
                return;
            }
            for (ChangeListener listener : listeners) {
                if (isClosed()) {
                    return;
                }
                try {
                    listener.updated(provider, uri);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "a listener of resource provider ''" + provider.id() + "'' failed", e);
                }
            }
        }

        @Override
        public void listChanged() {
            for (ChangeListener listener : listeners) {
                if (isClosed()) {
                    return;
                }
                try {
                    listener.listChanged(provider);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "a listener of resource provider ''" + provider.id() + "'' failed", e);
                }
            }
        }
    }
}
