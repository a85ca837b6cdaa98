package dev.jmcp.core.spi;

import java.net.URI;

/**
 * What {@link TransportProvider#serve} returns: where the provider listens, and how to stop it.
 *
 * @since 0.1
 */
public interface Serving extends AutoCloseable {

    /**
     * @return the address clients reach, as bound: when port 0 was asked for, the port the system
     *         chose; never null
     */
    URI address();

    /** Stops serving; idempotent. */
    @Override
    void close();

    /** @return a handle that reports {@code address} and runs {@code stop} when closed */
    static Serving of(URI address, Runnable stop) {
        java.util.Objects.requireNonNull(address, "address");
        java.util.Objects.requireNonNull(stop, "stop");
        java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
        return new Serving() {
            @Override
            public URI address() {
                return address;
            }

            @Override
            public void close() {
                if (closed.compareAndSet(false, true)) {
                    stop.run();
                }
            }
        };
    }
}
