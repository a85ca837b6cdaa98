package dev.jmcp.core.spi;

/**
 * Receives the changes a {@link ResourceProvider} reports. Thread-safe; calls return quickly.
 *
 * @since 0.1
 */
public interface ResourceListener {

    /** @param uri a resource whose content or metadata changed; never null */
    void updated(String uri);

    /** The set of resources changed: one was added or removed. */
    void listChanged();
}
