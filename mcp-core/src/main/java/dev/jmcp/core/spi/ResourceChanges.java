package dev.jmcp.core.spi;

/**
 * Where a {@link ResourceProvider} reports its changes: the engine gives it one in
 * {@link ResourceProvider#start} and fans what it hears out to subscribed sessions and listen
 * streams. Thread-safe; calls return quickly and never throw.
 *
 * @since 0.1
 */
public interface ResourceChanges {

    /** @param uri a resource whose content or metadata changed; never null */
    void updated(String uri);

    /** Resources were added or removed: listings have changed. */
    void listChanged();

    /** @return a sink that drops everything: for providers used outside a server, such as tests */
    static ResourceChanges none() {
        return new ResourceChanges() {
            @Override
            public void updated(String uri) {
            }

            @Override
            public void listChanged() {
            }
        };
    }
}
