package dev.jmcp.core.resources;

/**
 * A registration that lasts until it is closed: a subscription to a resource's updates, or a
 * listener for list changes.
 *
 * @since 0.1
 */
public interface Subscription extends AutoCloseable {

    /**
     * Ends it; idempotent. Closing the last subscription to a URI sends {@code resources/unsubscribe}
     * (when the session is still open) and waits for the answer within the client's call timeout.
     */
    @Override
    void close();
}
