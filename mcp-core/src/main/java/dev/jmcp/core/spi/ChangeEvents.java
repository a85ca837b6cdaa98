package dev.jmcp.core.spi;

import dev.jmcp.schema.Experimental;
import java.util.function.Consumer;

/**
 * How a server's resource change events reach its subscriptions and listen streams: every event a
 * provider reports goes out through {@link #publish}, and every event delivered to the consumer of
 * {@link #start} feeds {@code resources/subscribe} and {@code subscriptions/listen}. The default,
 * {@link #inProcess()}, delivers what is published here, at once; a transport between processes
 * (the PostgreSQL module's {@code LISTEN}/{@code NOTIFY}) delivers what every replica publishes, so
 * that a listener hears a change whichever replica saw it.
 *
 * <p>The contract: each event published here is delivered here once; events of other processes
 * are delivered as they arrive; an implementation that may have lost events (a connection dropped)
 * delivers {@link ChangeEvent#anyListChanged()} once it is back, so that no listener keeps stale
 * state silently. {@link #publish} returns quickly and never throws; {@link #start} is called once,
 * before any provider starts. The server closes it after its providers.
 *
 * @since 0.1
 */
@Experimental
public interface ChangeEvents extends AutoCloseable {

    /** @param deliver takes every event of this server and of its replicas; it never throws */
    void start(Consumer<ChangeEvent> deliver);

    /** @param event reported by a provider of this process; never null */
    void publish(ChangeEvent event);

    /** Stops delivering; releases what the transport holds. Nothing by default. */
    @Override
    default void close() {
    }

    /** @return events that stay in this process: each published one is delivered at once, on the publishing thread */
    static ChangeEvents inProcess() {
        return new ChangeEvents() {
            private volatile Consumer<ChangeEvent> deliver;

            @Override
            public void start(Consumer<ChangeEvent> value) {
                this.deliver = value;
            }

            @Override
            public void publish(ChangeEvent event) {
                Consumer<ChangeEvent> to = deliver;
                if (to != null) {
                    to.accept(event);
                }
            }
        };
    }
}
