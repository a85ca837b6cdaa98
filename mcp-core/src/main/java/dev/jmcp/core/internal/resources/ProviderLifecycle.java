package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ChangeEvent;
import dev.jmcp.core.spi.ChangeEvents;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.core.spi.ResourceProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The server's side of its providers' lifecycle: it starts each provider once, with a sink that
 * publishes the provider's changes through the server's {@link ChangeEvents}, fans every event
 * those deliver (this process's and its replicas') out to every {@link ChangeListener} (MCP's
 * resources feature, a dialect's), and closes each provider once, when the server closes, after the blob bodies
 * still being read from them are done ({@link #track}), or a timeout. Thread-safe.
 */
public final class ProviderLifecycle implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ProviderLifecycle.class.getName());

    private final List<ResourceProvider> providers;
    private final ChangeEvents events;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    private final List<ResourceProvider> started = new ArrayList<>(); // guarded by this
    private boolean closed; // guarded by this
    private int reading; // blob bodies open; guarded by this

    /**
     * @param providers the server's providers, in order
     * @param events    carries their changes to this server and its replicas; closed with them
     */
    public ProviderLifecycle(List<ResourceProvider> providers, ChangeEvents events) {
        this.providers = List.copyOf(providers);
        this.events = events;
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
        try {
            events.start(this::deliver);
        } catch (RuntimeException e) {
            throw new IllegalStateException("the change events " + events.getClass().getName() + " failed to start: "
                    + e.getMessage(), e);
        }
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

    /**
     * @param body a blob body a provider opened for an answer being written
     * @return the same bytes; while it is open, {@link #close(Duration)} waits for it
     */
    public InputStream track(InputStream body) {
        synchronized (this) {
            reading++;
        }
        return new FilterInputStream(body) {
            private boolean done;

            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    synchronized (ProviderLifecycle.this) {
                        if (!done) {
                            done = true;
                            reading--;
                            ProviderLifecycle.this.notifyAll();
                        }
                    }
                }
            }
        };
    }

    /** Closes every started provider at once; see {@link #close(Duration)}. */
    @Override
    public void close() {
        close(Duration.ZERO);
    }

    /**
     * Waits up to {@code wait} for the blob bodies still open, then closes every started provider
     * once, in reverse order; a failure is logged and the others are still closed.
     */
    public synchronized void close(Duration wait) {
        if (closed) {
            return;
        }
        closed = true;
        long deadline = System.nanoTime() + wait.toNanos();
        boolean interrupted = false;
        while (reading > 0 && System.nanoTime() < deadline) {
            try {
                long left = deadline - System.nanoTime();
                wait(Math.max(1, left / 1_000_000), 0);
            } catch (InterruptedException e) {
                interrupted = true;
                break;
            }
        }
        if (reading > 0) {
            LOG.log(Level.WARNING, "closing the resource providers while {0} blob bodies are still being written"
                    + " (closeTimeout={1} ms): those answers are cut", reading, wait.toMillis());
        }
        for (int i = started.size() - 1; i >= 0; i--) {
            ResourceProvider provider = started.get(i);
            try {
                provider.close();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "closing resource provider ''" + provider.id() + "'' failed", e);
            }
        }
        started.clear();
        try {
            events.close();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "closing the change events failed", e);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /** Fans one event out to the listeners, as the provider it names or, if none, the first that owns its URI. */
    private void deliver(ChangeEvent event) {
        ResourceProvider provider = route(event);
        if (provider == null) {
            LOG.log(Level.DEBUG, "a change event no provider here owns was dropped: {0}", event);
            return;
        }
        for (ChangeListener listener : listeners) {
            if (isClosed()) {
                return;
            }
            try {
                if (event.kind() == ChangeEvent.Kind.UPDATED) {
                    listener.updated(provider, event.uri());
                } else {
                    listener.listChanged(provider);
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a listener of resource provider ''" + provider.id() + "'' failed", e);
            }
        }
    }

    private ResourceProvider route(ChangeEvent event) {
        for (ResourceProvider provider : providers) {
            if (provider.id().equals(event.provider())) {
                return provider;
            }
        }
        for (ResourceProvider provider : providers) {
            if (event.uri() == null || provider.owns(event.uri())) {
                return provider;
            }
        }
        return null;
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
            publish(new ChangeEvent(provider.id(), ChangeEvent.Kind.UPDATED, uri));
        }

        @Override
        public void listChanged() {
            publish(new ChangeEvent(provider.id(), ChangeEvent.Kind.LIST_CHANGED, null));
        }

        private void publish(ChangeEvent event) {
            if (isClosed()) {
                return;
            }
            try {
                events.publish(event);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "publishing a change of resource provider ''" + provider.id() + "'' failed", e);
            }
        }
    }
}
